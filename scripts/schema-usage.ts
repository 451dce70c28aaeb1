// Each resource's usage in the schema's description, as the registry's pages show it: an example in
// each SDK's language (the code generators keep each SDK's own) and how `pulumi import` takes one over.

const fence = (lang: string, code: string) => `\`\`\`${lang}\n${code.trim()}\n\`\`\``;

/** In the order the description lists them. */
const LANGUAGES = ["typescript", "python", "go", "yaml"] as const;

type Example = { title: string } & Record<(typeof LANGUAGES)[number], string>;

const EXAMPLES: Record<string, Example> = {
  Monitor: {
    title: "An HTTPS check every minute from two regions",
    typescript: `
import * as uptime from "@pulumi-uptime/sdk";

const api = new uptime.Monitor("api", {
    name: "api",
    type: "https",
    target: "https://api.example.com/health",
    regions: [1, 2],
    interval: 60,
});
export const uuid = api.id;`,
    python: `
import pulumi
import pulumi_uptime as uptime

api = uptime.Monitor("api", name="api", type="https", target="https://api.example.com/health", regions=[1, 2], interval=60)
pulumi.export("uuid", api.id)`,
    go: `
api, err := uptime.NewMonitor(ctx, "api", &uptime.MonitorArgs{
	Name:     pulumi.String("api"),
	Type:     pulumi.String("https"),
	Target:   pulumi.String("https://api.example.com/health"),
	Regions:  pulumi.IntArray{pulumi.Int(1), pulumi.Int(2)},
	Interval: pulumi.Int(60),
})
if err != nil {
	return err
}
ctx.Export("uuid", api.ID())`,
    yaml: `
resources:
  api:
    type: uptime:index:Monitor
    properties:
      name: api
      type: https
      target: https://api.example.com/health
      regions: [1, 2]
      interval: 60
outputs:
  uuid: \${api.id}`,
  },
  Page: {
    title: "A status page the service has, listing one monitor",
    typescript: `
import * as uptime from "@pulumi-uptime/sdk";

const api = new uptime.Monitor("api", {
    name: "api", type: "https", target: "https://api.example.com/health", regions: [1], interval: 60,
});
new uptime.Page("status", {
    uuid: "3f8a2d14-6b9c-4e07-8d51-2c7e9b0a4f01",
    title: "Acme status",
    useGroups: false,
    items: [api.id],
});`,
    python: `
import pulumi_uptime as uptime

api = uptime.Monitor("api", name="api", type="https", target="https://api.example.com/health", regions=[1], interval=60)
uptime.Page("status", uuid="3f8a2d14-6b9c-4e07-8d51-2c7e9b0a4f01", title="Acme status", use_groups=False, items=[api.id])`,
    go: `
api, err := uptime.NewMonitor(ctx, "api", &uptime.MonitorArgs{
	Name: pulumi.String("api"), Type: pulumi.String("https"), Target: pulumi.String("https://api.example.com/health"),
	Regions: pulumi.IntArray{pulumi.Int(1)}, Interval: pulumi.Int(60),
})
if err != nil {
	return err
}
_, err = uptime.NewPage(ctx, "status", &uptime.PageArgs{
	Uuid:      pulumi.String("3f8a2d14-6b9c-4e07-8d51-2c7e9b0a4f01"),
	Title:     pulumi.String("Acme status"),
	UseGroups: pulumi.Bool(false),
	Items:     pulumi.StringArray{api.ID().ToStringOutput()},
})`,
    yaml: `
resources:
  api:
    type: uptime:index:Monitor
    properties: { name: api, type: https, target: "https://api.example.com/health", regions: [1], interval: 60 }
  status:
    type: uptime:index:Page
    properties:
      uuid: 3f8a2d14-6b9c-4e07-8d51-2c7e9b0a4f01
      title: Acme status
      useGroups: false
      items: [\${api.id}]`,
  },
  Alert: {
    title: "An alert the service has, mailing on-call when a monitor is down",
    typescript: `
import * as uptime from "@pulumi-uptime/sdk";

const onCall = new uptime.Alert("on-call", {
    uuid: "5c0e7a52-3b1d-4f6e-9a21-0d4b8c7e1f02",
    name: "On-call",
    down: true,
    recipients: [{ type: "email", target: "oncall@example.com" }],
});`,
    python: `
import pulumi_uptime as uptime

on_call = uptime.Alert(
    "on-call",
    uuid="5c0e7a52-3b1d-4f6e-9a21-0d4b8c7e1f02",
    name="On-call",
    down=True,
    recipients=[uptime.AlertRecipientArgs(type="email", target="oncall@example.com")],
)`,
    go: `
_, err = uptime.NewAlert(ctx, "on-call", &uptime.AlertArgs{
	Uuid: pulumi.String("5c0e7a52-3b1d-4f6e-9a21-0d4b8c7e1f02"),
	Name: pulumi.String("On-call"),
	Down: pulumi.Bool(true),
	Recipients: uptime.AlertRecipientArray{
		&uptime.AlertRecipientArgs{Type: pulumi.String("email"), Target: pulumi.String("oncall@example.com")},
	},
})`,
    yaml: `
resources:
  onCall:
    type: uptime:index:Alert
    properties:
      uuid: 5c0e7a52-3b1d-4f6e-9a21-0d4b8c7e1f02
      name: On-call
      down: true
      recipients:
        - type: email
          target: oncall@example.com`,
  },
  MonitorFleet: {
    title: "Two monitors as one resource",
    typescript: `
import * as uptime from "@pulumi-uptime/sdk";

new uptime.MonitorFleet("edge", {
    monitors: {
        api: { name: "api", type: "https", target: "https://api.example.com/health", regions: [1], interval: 60 },
        web: { name: "web", type: "https", target: "https://www.example.com/", regions: [1], interval: 300 },
    },
});`,
    python: `
import pulumi_uptime as uptime

uptime.MonitorFleet("edge", monitors={
    "api": uptime.MonitorSpecArgs(name="api", type="https", target="https://api.example.com/health", regions=[1], interval=60),
    "web": uptime.MonitorSpecArgs(name="web", type="https", target="https://www.example.com/", regions=[1], interval=300),
})`,
    go: `
_, err = uptime.NewMonitorFleet(ctx, "edge", &uptime.MonitorFleetArgs{
	Monitors: uptime.MonitorSpecMap{
		"api": &uptime.MonitorSpecArgs{Name: pulumi.String("api"), Type: pulumi.String("https"),
			Target: pulumi.String("https://api.example.com/health"), Regions: pulumi.IntArray{pulumi.Int(1)}, Interval: pulumi.Int(60)},
		"web": &uptime.MonitorSpecArgs{Name: pulumi.String("web"), Type: pulumi.String("https"),
			Target: pulumi.String("https://www.example.com/"), Regions: pulumi.IntArray{pulumi.Int(1)}, Interval: pulumi.Int(300)},
	},
})`,
    yaml: `
resources:
  edge:
    type: uptime:index:MonitorFleet
    properties:
      monitors:
        api: { name: api, type: https, target: "https://api.example.com/health", regions: [1], interval: 60 }
        web: { name: web, type: https, target: "https://www.example.com/", regions: [1], interval: 300 }`,
  },
};

const takenOver = (what: string, typeName: string, name: string) =>
  `${what}, by its uuid (the ${typeName.toLowerCase()} itself is never created or deleted: the resource takes it over):\n\n` +
  fence("sh", `$ pulumi import uptime:index:${typeName} ${name} <uuid>`);

/** How `pulumi import` takes an existing object over, per resource. */
const IMPORTS: Record<string, string> = {
  Monitor: "A monitor the service already has, by its uuid:\n\n" + fence("sh", "$ pulumi import uptime:index:Monitor api <uuid>"),
  Page: takenOver("A status page", "Page", "status"),
  Alert: takenOver("An alert", "Alert", "on-call"),
  MonitorFleet:
    "Monitors the service already has, as members named by the id's `name=<uuid>` pairs:\n\n" +
    fence("sh", "$ pulumi import uptime:index:MonitorFleet edge 'api=<uuid>,web=<uuid>'"),
};

/** The usage part of a resource's description: its examples and its Import section. */
export function usageOf(typeName: string): string {
  const e = EXAMPLES[typeName];
  const code = LANGUAGES.map((lang) => fence(lang, e[lang])).join("\n");
  return (
    `{{% examples %}}\n## Example Usage\n{{% example %}}\n### ${e.title}\n\n${code}\n{{% /example %}}\n{{% /examples %}}\n\n` +
    `## Import\n\n${IMPORTS[typeName]}`
  );
}
