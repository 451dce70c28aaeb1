// The SDK hands each input to the engine under one name, and maps ignoreChanges paths the same way,
// so that ignoring `intervalId` or `urn` keeps the stored value instead of dropping the input.
import * as pulumi from "@pulumi/pulumi";
import { canonicalArgs, canonicalOptions, Spellings } from "../../sdk/spellings";
import { thrown } from "../helpers/unit-cases";

const MONITOR: Spellings = {
  kind: "monitor",
  inputs: ["name", "urn", "target", "interval", "intervalId", "followRedirects", "httpFollowRedirects", "tcpOptions", "httpRequest", "*"],
  renames: { urn: "target", httpFollowRedirects: "followRedirects", intervalId: "interval" },
  nested: { tcpOptions: { DataRequest: "dataRequest", KeywordResponse: "keywordResponse" } },
};

describe("ignoreChanges paths", () => {
  test.each([
    ["intervalId", "interval"],
    ["interval", "interval"],
    ["urn", "target"],
    ["httpFollowRedirects", "followRedirects"],
    ["tcpOptions.DataRequest", "tcpOptions.dataRequest"],
    ["tcpOptions.keywordResponse", "tcpOptions.keywordResponse"],
    ["httpRequest.headers[0].value", "httpRequest.headers[0].value"],
    ["*", "*"],
  ])("%s is ignored as %s", (written, stored) => {
    expect(canonicalOptions("api", { ignoreChanges: [written] }, MONITOR)?.ignoreChanges).toEqual([stored]);
  });

  test("other options are kept as they are", () => {
    const opts = { protect: true, ignoreChanges: ["urn"], retainOnDelete: true };
    expect(canonicalOptions("api", opts, MONITOR)).toEqual({ protect: true, ignoreChanges: ["target"], retainOnDelete: true });
    expect(canonicalOptions("api", undefined, MONITOR)).toBeUndefined();
  });

  test.each(["interval_id", "uuid", "createdAt", ".name", ""])(
    "%j names no input: a RunError naming the resource and the inputs",
    (path) => {
      const error = thrown(() => canonicalOptions("api", { ignoreChanges: [path] }, MONITOR));
      expect(error).toBeInstanceOf(pulumi.RunError);
      expect((error as Error).message).toBe(
        `monitor "api": ignoreChanges ${JSON.stringify(path)} names no input of this resource; use one of name, urn, target, interval, ` +
          'intervalId, followRedirects, httpFollowRedirects, tcpOptions, httpRequest (or a path inside one, e.g. "httpRequest.headers")',
      );
    },
  );
});

describe("args under one name", () => {
  test("each alternative spelling is renamed; plain nested objects keep their values", () => {
    const secret = pulumi.secret("s");
    const args = canonicalArgs(
      "a",
      { name: "a", urn: "https://x", intervalId: 60, httpFollowRedirects: true, tcpOptions: { DataRequest: secret } },
      MONITOR,
    );
    expect(args).toEqual({ name: "a", target: "https://x", interval: 60, followRedirects: true, tcpOptions: { dataRequest: secret } });
  });

  test("both spellings given: both kept, for check() to report the conflict; an undefined one does not hide the other", () => {
    expect(canonicalArgs("a", { interval: 60, intervalId: 120 }, MONITOR)).toEqual({ interval: 60, intervalId: 120 });
    expect(canonicalArgs("a", { interval: undefined, intervalId: 120 }, MONITOR)).toEqual({ interval: 120 });
  });

  // Two values: integration/sdk/bad-inputs.test.ts, through the Monitor class.
  test("urn beside target, a name Pulumi keeps for itself: one plain value is one field, an Output fails", () => {
    expect(canonicalArgs("a", { urn: "https://x", target: "https://x" }, MONITOR)).toEqual({ target: "https://x" });
    expect(() => canonicalArgs("a", { urn: pulumi.output("https://x"), target: "https://x" }, MONITOR)).toThrow(
      /^monitor "a": urn and target are the same field; keep only urn$/,
    );
  });
});
