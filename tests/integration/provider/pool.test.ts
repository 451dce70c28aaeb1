// The client's connection pool: at most `--parallel` calls at once, each on a kept-alive connection, not one
// connection (and handshake) per request.
import * as http from "node:http";
import { UptimeClient, closeAllPools } from "../../../provider/api/client";
import { useEmulator } from "../../helpers/emulator";
import { API_KEY } from "../../helpers/servers";

const MONITOR = { name: "pool", type: "https", urn: "https://pool.example/health", interval: 60, regions: [1] };

// A fixed latency keeps every worker's request in flight at once, as against a real service.
const { emulator } = useEmulator({ faults: { latency: { fixedMs: 20 } } });

/** An admin call on a connection of its own, so the test's own traffic never reuses or adds a pooled one. */
function adminOnce(method: string, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${emulator.adminUrl}${path}`, { method, agent: false }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve(text));
    });
    req.on("error", reject);
    req.end();
  });
}

/** Connections accepted and /v1 requests since the last reset, not counting this read's own connection. */
async function counters(): Promise<{ connections: number; requests: number }> {
  const c = JSON.parse(await adminOnce("GET", "/counters")) as { connectionsAccepted: number; requestsTotal: number };
  return { connections: c.connectionsAccepted - 1, requests: c.requestsTotal };
}

const newClient = () => new UptimeClient({ baseUrl: emulator.url, apiKey: API_KEY });

/** `workers` loops, each sending `each` requests one after another: how the engine drives a provider at --parallel `workers`. */
async function inWaves(client: UptimeClient, workers: number, each: number): Promise<void> {
  await Promise.all(
    Array.from({ length: workers }, async () => {
      for (let i = 0; i < each; i++) await client.monitors.create(MONITOR);
    }),
  );
}

beforeEach(async () => {
  await closeAllPools();
  await adminOnce("DELETE", "/counters");
});

// The connections opened follow the concurrency, not the number of requests.
test.each([
  [8, 25],
  [2, 30],
])("%i at a time, %i creates each: open at most that many connections", async (workers, each) => {
  await inWaves(newClient(), workers, each);
  const { connections, requests } = await counters();
  expect(requests).toBe(workers * each);
  expect(connections).toBeLessThanOrEqual(workers);
});

test("clients built from the same settings (as after each configure()) share one pool, whose connection outlives a pause shorter than the service's keep-alive", async () => {
  await newClient().monitors.create(MONITOR);
  await newClient().monitors.create(MONITOR);
  await new Promise((resolve) => setTimeout(resolve, 500));
  await newClient().monitors.create(MONITOR);
  expect(await counters()).toEqual({ connections: 1, requests: 3 });
});
