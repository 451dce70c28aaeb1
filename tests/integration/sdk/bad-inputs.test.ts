// Every case of tests/bad-inputs/cases.ts as a program writes it, under the mocks (tests/helpers/harness.ts):
// the check names the field as the engine prints it, if it can print it (one case per message: e2e).
import * as uptime from "../../../sdk";
import { BAD_INPUT_CASES, printedByEngine } from "../../bad-inputs/cases";
import { previewProgram } from "../../helpers/harness";
import { useEmulator } from "../../helpers/emulator";
import { API_KEY } from "../../helpers/servers";

const { emulator, admin } = useEmulator({ resetEach: true });

const config = () => ({ "uptime:baseUrl": emulator.url, "uptime:apiKey": API_KEY });
const resourceCases = BAD_INPUT_CASES.filter((c) => c.kind !== "webhooks");

test.each(resourceCases.map((c) => [c.name, c] as const))(
  "%s: the registration fails its check, naming the field and the fix",
  async (_name, c) => {
    const checked = await previewProgram(() => {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- deliberately wrong args, as a program without types passes them
      const args = c.args as any;
      if (c.kind === "monitor") new uptime.Monitor(c.name, args);
      else if (c.kind === "page") new uptime.Page(c.name, args);
      else new uptime.Alert(c.name, args);
    }, config());
    expect(checked.map((r) => [r.kind, r.name])).toEqual([[c.kind, c.name]]);
    const [{ failures, registered }] = checked;
    expect(typeof registered.__provider).toBe("string");
    expect(failures.map((f) => f.reason)).toContainEqual(expect.stringContaining(c.fragment));
    // The engine prints a named property's top-level value: so only a short string, number or boolean is named
    // by property; a long value, one left out, a list, an object or a path inside one by the reason alone.
    for (const f of failures) expect(f.property).toBe(printedByEngine(c) ? c.field : "");
    expect(await admin.requests()).toEqual([]);
  },
);

test.each(BAD_INPUT_CASES.filter((c) => c.kind === "webhooks").map((c) => [c.name, c] as const))(
  "%s: the lookup is refused naming the argument, and nothing is sent",
  async (_name, c) => {
    let refusal: unknown;
    await previewProgram(async () => {
      const { topic, ...opts } = c.args as { topic?: string };
      await uptime.getWebhooks({ topic }, opts).catch((error: unknown) => (refusal = error));
    }, config());
    expect(String((refusal as Error)?.message)).toContain(`getWebhooks: ${c.field}: `);
    expect(String((refusal as Error)?.message)).toContain(c.fragment);
    expect(await admin.requests()).toEqual([]);
  },
);

test("an ignoreChanges name that is no input of the resource fails the program, naming the inputs there are; nothing is sent", async () => {
  const program = () => {
    const args = { name: "api", type: "https", urn: "https://api.acme.example/health", intervalId: 60, regions: [1] };
    new uptime.Monitor("api", args, { ignoreChanges: ["intervalId", "urn", "httpFollowRedirects", "interval_id"] });
  };
  await expect(previewProgram(program, config())).rejects.toThrow(
    'monitor "api": ignoreChanges "interval_id" names no input of this resource; use one of name, title, type, urn',
  );
  expect(await admin.requests()).toEqual([]);
});

test("urn and target with two values fail the program, naming the monitor (Pulumi would pass on only target); keeping only urn, as advised, passes", async () => {
  const args = { name: "api", type: "https", urn: "https://api.acme.example/health", interval: 60, regions: [1] };
  // As a JavaScript program may write it: `target` is the resource's name for the field, not a typed argument.
  const both = { ...args, target: "https://www.acme.example/health" } as uptime.MonitorArgs;
  await expect(previewProgram(() => void new uptime.Monitor("api", both), config())).rejects.toThrow(
    'monitor "api": urn and target are the same field with different values; keep only urn',
  );
  const [checked] = await previewProgram(() => void new uptime.Monitor("api", args), config());
  expect(checked).toMatchObject({ failures: [], registered: { target: args.urn } });
  // The advised program is checked (the account proven with a GET); nothing is ever written.
  expect((await admin.requests()).filter((r) => r.method !== "GET")).toEqual([]);
});
