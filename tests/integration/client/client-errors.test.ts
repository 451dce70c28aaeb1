// What a user reads when the service answers an error or something unexpected: the request, the status
// and its reason, what the service said (short, one line), a hint where one helps; never the API key.
import { UptimeClient, excerpt } from "../../../provider/api/client";
import { ApiError, ResponseFormatError, UptimeError, redact } from "../../../provider/api/errors";
import { monitorOutputs } from "../../../provider/monitor";
import { rejection } from "../../helpers/rejection";
import { Step, monitorEnvelope, useScriptedServer } from "../../helpers/scripted-server";

const KEY = "sk-live-Q2hhbmdlTWU-9d8c7b6a";
const server = useScriptedServer();

function client(options: { maxResponseBytes?: number } = {}): UptimeClient {
  return new UptimeClient({ baseUrl: server.url, apiKey: KEY, retry: { maxRetries: 0 }, ...options });
}

/** The error a GET of m1 ends in when the service answers `step`. */
async function getFailure(step: Step): Promise<ApiError> {
  server.script(step);
  return rejection<ApiError>(client().monitors.get("m1"));
}

describe("ApiError messages", () => {
  test("a JSON error body: method, path, status, reason and the service's message; code kept", async () => {
    server.script({ status: 422, body: { error: { code: "validation_error", message: "regions[1]: expected an integer" } } });
    const error = await rejection(client().monitors.create({ name: "a" }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(UptimeError);
    expect(error.message).toBe("POST /monitors failed with 422 Unprocessable Entity: regions[1]: expected an integer");
    expect(error).toMatchObject({ status: 422, method: "POST", path: "/monitors", code: "validation_error", name: "ApiError" });
  });

  test.each([
    [
      "401 carries the hint to check the key and the scheme",
      { status: 401, body: { error: { code: "unauthorized", message: "invalid API key" } } },
      "GET /monitors/m1 failed with 401 Unauthorized: invalid API key (check uptime:apiKey (or UPTIME_API_KEY) and uptime:authScheme; " +
        "if uptime:apiKey changed since the last `pulumi up`, `pulumi refresh` and `pulumi destroy` still use the key stored then: run them with --run-program)",
    ],
    ["an empty body and an unknown status still read well", { status: 418 }, "GET /monitors/m1 failed with 418: (empty body)"],
  ])("%s", async (_name, step, message) => expect((await getFailure(step)).message).toBe(message));

  test("a long plain-text body is cut to one short line", async () => {
    const error = await getFailure({ status: 500, body: `line one\nline two\n${"x".repeat(5000)}` });
    expect(error.serviceMessage.startsWith("line one line two xxx")).toBe(true);
    expect(error.serviceMessage.length).toBeLessThanOrEqual(201);
    expect(error.message).not.toContain("\n");
  });

  test("a huge JSON error message is cut too, and stays on one line", async () => {
    const error = await getFailure({ status: 422, body: { error: { message: `first\nsecond ${"y".repeat(100_000)}` } } });
    // The service's own message keeps more than a body's excerpt: 500 characters and the ellipsis.
    expect(error.serviceMessage).toBe(`first second ${"y".repeat(487)}…`);
    expect(error.message).not.toContain("\n");
  });

  test("the uuid in the path is percent-encoded, so a strange id cannot change the route", async () => {
    server.script({ status: 404 });
    const error = await rejection<ApiError>(client().monitors.get("../pages/x?y"));
    expect(server.requests.at(-1)!.path).toBe("/v1/monitors/..%2Fpages%2Fx%3Fy");
    expect(error.path).toBe("/monitors/..%2Fpages%2Fx%3Fy");
  });
});

describe("success answers the document does not describe", () => {
  test("a record without a uuid names the field", async () => {
    const error = await getFailure({ status: 200, body: { monitor: { name: "x" } } });
    expect(error).toBeInstanceOf(ResponseFormatError);
    expect(error.message).toMatch(/^GET \/monitors\/m1 returned an unexpected response: monitor\.uuid: /);
  });

  test("a body over maxResponseBytes is refused", async () => {
    server.script({ status: 200, body: monitorEnvelope({ description: "z".repeat(5000) }) });
    const error = await rejection(client({ maxResponseBytes: 1000 }).monitors.get("m1"));
    expect(error).toBeInstanceOf(ResponseFormatError);
    expect(error.message).toContain("200 with a body over 1000 bytes");
  });

  // The page endpoints answer { pages: [record] }: the page asked for, never another page's record under its id.
  test("the page asked for is picked out of the array, wherever it stands; an answer without it names both", async () => {
    const page = (uuid: string, name: string) => ({ uuid, name, slug: name.toLowerCase() });
    server.script({ status: 200, body: { pages: [page("other", "Other"), page("p1", "Mine")] } });
    await expect(client().pages.update("p1", { name: "Mine" })).resolves.toMatchObject({ uuid: "p1", name: "Mine" });
    server.script({ status: 200, body: { pages: [page("other", "Other")] } });
    const error = await rejection(client().pages.get("p1"));
    expect(error).toBeInstanceOf(ResponseFormatError);
    expect(error.message).toBe("GET /pages/p1 returned an unexpected response: pages: expected the page p1, got other");
  });

  // Each field's reading (quoted numbers, nulls): tests/unit/records.test.ts; here, that the client reads through it.
  test("a record's unknown fields are kept (not in outputs), a quoted intervalId read as a number", async () => {
    server.script({ status: 200, body: monitorEnvelope({ intervalId: "300", somethingNew: 1 }) });
    const record = await client().monitors.get("m1");
    expect(record.intervalId).toBe(300);
    // Kept in the record, so that a field added to the table reaches the outputs; never in outputs unless it is.
    expect(record).toHaveProperty("somethingNew", 1);
    expect(monitorOutputs(record, {})).not.toHaveProperty("somethingNew");
  });
});

test("excerpt(): white space collapsed, HTML reduced, cut with an ellipsis", () => {
  expect(excerpt("  a\n\tb  ")).toBe("a b");
  expect(excerpt("")).toBe("(empty body)");
  expect(excerpt("<html><body>no title</body></html>")).toBe("an HTML page");
  expect(excerpt("<!DOCTYPE html>\n<html><head><title> 502 Bad Gateway </title></head></html>")).toBe('an HTML page "502 Bad Gateway"');
  expect(excerpt("abcdef", 3)).toBe("abc…");
});

test("redact(): every occurrence of every secret; secrets too short to be keys are left", () => {
  expect(redact("a KEY1 b KEY1", ["KEY1"])).toBe("a [REDACTED] b [REDACTED]");
  expect(redact("abc", ["ab"])).toBe("abc");
});

test("no route to the host, or a resolver that cannot answer now: the failure says to check uptime:baseUrl", () => {
  const client = new UptimeClient({ baseUrl: "https://api.example.com/v1", apiKey: "key-0123456789" });
  // The failures this machine cannot make happen (its network answers every address): the client's own wording of each.
  const wording = client as unknown as { connectionError(method: string, path: string, error: unknown): Error };
  for (const code of ["EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN"]) {
    const failure = wording.connectionError("GET", "/webhooks", Object.assign(new Error(`connect ${code} 10.0.0.1:443`), { code }));
    expect(failure.message).toBe(
      `GET /webhooks failed: connect ${code} 10.0.0.1:443 (${code}); check uptime:baseUrl (https://api.example.com/v1)`,
    );
  }
});
