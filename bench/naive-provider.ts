// The benchmark's naive baseline: a monitor provider written the way Pulumi's dynamic-provider
// examples write one. An object literal whose methods, and the helper they call, the engine
// serializes by value into every resource's state; a fresh connection (a new undici Agent, closed
// afterwards) for every call, no shared pool, no retry. It is correct for the fleet program's
// monitors: same API calls as ours, and a no-op preview stays a no-op.
import * as pulumi from "@pulumi/pulumi";
import { Agent, fetch } from "undici";
import type * as uptime from "pulumi-uptime";

type Props = Record<string, unknown>;

// Captured by value into `__provider` (a plain string). The API key is NOT captured: it would then
// be stored in the state in plaintext. It is read from the provider process's environment instead.
const baseUrl = new pulumi.Config("uptime").require("baseUrl");

async function callApi(method: string, path: string, body?: unknown): Promise<Props | undefined> {
  const agent = new Agent();
  try {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      dispatcher: agent,
      headers: { authorization: process.env.UPTIME_API_KEY ?? "", "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} failed: ${response.status} ${text}`);
    return text ? (JSON.parse(text) as Props) : undefined;
  } finally {
    await agent.close();
  }
}

function requestBody(inputs: Props, forEdit: boolean): Props {
  const { __provider, target, uuid, createdAt, updatedAt, alerts, ...rest } = inputs;
  return forEdit ? { ...rest, urn: target } : { ...rest, urn: target, ...(alerts === undefined ? {} : { alerts }) };
}

const naiveProvider: pulumi.dynamic.ResourceProvider = {
  async diff(_id: string, olds: Props, news: Props) {
    const changed = Object.keys(news).filter((k) => k !== "__provider" && JSON.stringify(olds[k]) !== JSON.stringify(news[k]));
    return { changes: changed.length > 0, replaces: changed.filter((k) => k === "alerts") };
  },
  async create(inputs: Props) {
    const { monitor } = (await callApi("POST", "/monitors", requestBody(inputs, false))) as { monitor: Props };
    const uuid = monitor.uuid as string;
    return { id: uuid, outs: { ...inputs, uuid, createdAt: monitor.createdAt, updatedAt: monitor.updatedAt } };
  },
  async read(id: string, props: Props) {
    const { monitor } = (await callApi("GET", `/monitors/${id}`)) as { monitor: Props };
    const seen = { name: monitor.name, target: monitor.urn, interval: monitor.intervalId, regions: monitor.regions };
    return { id, props: { ...props, ...seen, updatedAt: monitor.updatedAt } };
  },
  async update(id: string, olds: Props, news: Props) {
    const { monitor } = (await callApi("PATCH", `/monitors/${id}`, requestBody(news, true))) as { monitor: Props };
    return { outs: { ...news, uuid: id, createdAt: olds.createdAt, updatedAt: monitor.updatedAt } };
  },
  async delete(id: string) {
    await callApi("DELETE", `/monitors/${id}`);
  },
};

/** A naive monitor (`urn` kept as `target`: Pulumi reserves `urn`). */
export function make(name: string, args: uptime.MonitorArgs): pulumi.Resource {
  const { urn, ...rest } = args;
  return new NaiveMonitor(name, { ...rest, target: urn });
}

class NaiveMonitor extends pulumi.dynamic.Resource {
  constructor(name: string, props: pulumi.Inputs) {
    super(naiveProvider, name, props, undefined, "bench", "NaiveMonitor");
  }
}
