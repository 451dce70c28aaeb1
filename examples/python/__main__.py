"""A Python Pulumi program over the generated Python SDK (sdks/python, package pulumi_uptime).

A monitor with a secret Authorization header, a status page taken over by its uuid, and the
webhook subscriptions read with get_webhooks, through the uptime provider plugin. Run it from
this directory (Python >= 3.10), against the service or the emulator:

    python3 -m venv venv && venv/bin/pip install -r requirements.txt
    pulumi stack init dev
    pulumi config set uptime:baseUrl http://127.0.0.1:8787/v1   # or UPTIME_BASE_URL
    pulumi config set --secret uptime:apiKey <key>               # or UPTIME_API_KEY
    pulumi config set --secret probeToken "Bearer <token>"
    pulumi config set pageUuid <uuid>                            # optional: a page to take over
    pulumi up                      # then: pulumi config set interval 300 && pulumi up

The engine finds the plugin as `pulumi plugin install` put it, or on PATH (a checkout's bin/).
"""

import pulumi
import pulumi_uptime as uptime

config = pulumi.Config()
probe_token = config.require_secret("probeToken")
interval = config.get_int("interval") or 60
page_uuid = config.get("pageUuid")

api = uptime.Monitor(
    "api",
    name="py-api",
    type="https",
    target="https://py.example.com/health",
    regions=[1, 2],
    interval=interval,
    http_request=uptime.HttpRequestArgs(
        method="GET",
        headers=[uptime.HttpHeaderArgs(name="Authorization", value=probe_token)],
    ),
)

if page_uuid:
    uptime.Page(
        "status",
        uuid=page_uuid,
        title="Python status",
        use_groups=False,
        items=[api.id],
    )

status_hooks = uptime.get_webhooks_output(topic="monitors/status_change")

pulumi.export("uuid", api.id)
pulumi.export("interval", api.interval_id)
pulumi.export("statusHooks", status_hooks.count)
