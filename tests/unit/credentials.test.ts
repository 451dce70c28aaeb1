// A plain-text uptime:apiKey is refused before any resource registers, as Pulumi would store it unencrypted
// in the state; run against the real @pulumi/pulumi runtime config (what the language host sets).
import * as pulumi from "@pulumi/pulumi";
import { thrown } from "../helpers/unit-cases";

function load(): typeof import("../../sdk/credentials") {
  let mod: typeof import("../../sdk/credentials") | undefined;
  jest.isolateModules(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a fresh copy of the module, its once-per-program flag unset
    mod = require("../../sdk/credentials");
  });
  return mod!;
}

afterEach(() => pulumi.runtime.setAllConfig({}, []));

test("a key set without --secret: a RunError with the command that fixes it", () => {
  // The check relies on @pulumi/pulumi's test of secret config keys.
  expect(typeof (pulumi.runtime as unknown as { isConfigSecret?: unknown }).isConfigSecret).toBe("function");
  pulumi.runtime.setAllConfig({ "uptime:apiKey": "plain-key-123", "uptime:baseUrl": "https://x/v1" }, []);
  const { refusePlainApiKey, PLAIN_KEY_MESSAGE } = load();
  const error = thrown(refusePlainApiKey);
  // A RunError (printed as its message alone), from the SDK copy the module loaded.
  expect(pulumi.RunError.isInstance(error)).toBe(true);
  expect((error as Error).message).toBe(PLAIN_KEY_MESSAGE);
  expect(PLAIN_KEY_MESSAGE).toContain("pulumi config set --secret uptime:apiKey <key>");
  expect(PLAIN_KEY_MESSAGE).not.toContain("plain-key-123");
});

test("a key set with --secret, or no key in the config (UPTIME_API_KEY): accepted", () => {
  pulumi.runtime.setAllConfig({ "uptime:apiKey": "secret-key-123" }, ["uptime:apiKey"]);
  expect(() => load().refusePlainApiKey()).not.toThrow();
  pulumi.runtime.setAllConfig({ "uptime:baseUrl": "https://x/v1" }, []);
  expect(() => load().refusePlainApiKey()).not.toThrow();
});
