// Provider settings: stack config first, then the environment; every problem names both ways to fix it.
import { ConfigError, SETTINGS, clientOptions, readSettings, settingWords, settingsProblem } from "../../provider/config";
import { STACK_NAMES } from "../../provider/api/errors";
import { DEFAULT_TIMEOUTS, UptimeClient } from "../../provider/api/client";
import { ACCOUNT_KEY, SETTINGS as TABLE } from "../../provider/model/package";
import { DEFAULT_RETRY_POLICY } from "../../provider/api/retry";
import { DEFAULT_SCHEDULER_SETTINGS } from "../../provider/api/scheduler";
import { configProblem, configure, currentSettings, resetSession } from "../../provider/session";
import { isolatedEnv } from "../helpers/env";

const config = (values: Record<string, string>) => (key: string) => values[key];
const none = () => undefined;

test("the defaults documented (the model's table, README's settings) are the ones applied", () => {
  const applied = {
    connectTimeoutMs: DEFAULT_TIMEOUTS.connectTimeoutMs,
    requestTimeoutMs: DEFAULT_TIMEOUTS.requestTimeoutMs,
    maxRetries: DEFAULT_RETRY_POLICY.maxRetries,
    maxConcurrentRequests: DEFAULT_SCHEDULER_SETTINGS.maxInFlight,
    rateLimitWaitSeconds: DEFAULT_SCHEDULER_SETTINGS.maxWaitMs / 1000,
  };
  for (const [key, value] of Object.entries(applied))
    expect([key, SETTINGS[key as keyof typeof SETTINGS].default]).toEqual([key, String(value)]);
});

test("uptime:deleteUnsupported: the stack config makes it the rule, and the environment wins for one run", () => {
  expect(readSettings(config({ deleteUnsupported: "leave" }), {}).deleteUnsupported).toBe("leave");
  expect(readSettings(config({ deleteUnsupported: "leave" }), { UPTIME_DELETE_UNSUPPORTED: "fail" }).deleteUnsupported).toBe("fail");
  expect(readSettings(config({ deleteUnsupported: "fail" }), { UPTIME_DELETE_UNSUPPORTED: "leave" }).deleteUnsupported).toBe("leave");
  expect(readSettings(none, {}).deleteUnsupported).toBeUndefined();
});

describe("readSettings", () => {
  test("stack config wins over the environment; the environment fills what config leaves out", () => {
    const s = readSettings(config({ apiKey: "from-config", maxRetries: "2" }), {
      UPTIME_API_KEY: "from-env",
      UPTIME_BASE_URL: "https://api.example.com/v1",
      UPTIME_MAX_RETRIES: "9",
      UPTIME_CONNECT_TIMEOUT_MS: "1500",
      UPTIME_REQUEST_TIMEOUT_MS: "2500",
      UPTIME_AUTH_SCHEME: "Bearer",
    });
    expect(s).toEqual({
      apiKey: "from-config",
      baseUrl: "https://api.example.com/v1",
      maxRetries: 2,
      connectTimeoutMs: 1500,
      requestTimeoutMs: 2500,
      authScheme: "Bearer",
    });
  });

  test("an empty value counts as not set, in config and in the environment; nothing set, every setting undefined", () => {
    expect(readSettings(config({ apiKey: "" }), { UPTIME_API_KEY: "from-env" }).apiKey).toBe("from-env");
    expect(readSettings(none, { UPTIME_API_KEY: "" }).apiKey).toBeUndefined();
    // toEqual counts an undefined member as absent: no setting has a value.
    expect(readSettings(none, {})).toEqual({});
  });

  test("maxRetries may be 0, with white space around; requestsPerSecond takes a fraction; the in-flight cap and the wait", () => {
    expect(readSettings(config({ maxRetries: "0" }), {}).maxRetries).toBe(0);
    expect(readSettings(none, { UPTIME_MAX_RETRIES: " 3 " }).maxRetries).toBe(3);
    expect(readSettings(config({ requestsPerSecond: "0.5" }), {}).requestsPerSecond).toBe(0.5);
    expect(readSettings(none, { UPTIME_REQUESTS_PER_SECOND: "8" }).requestsPerSecond).toBe(8);
    expect(readSettings(none, { UPTIME_MAX_CONCURRENT_REQUESTS: "4", UPTIME_RATE_LIMIT_WAIT_SECONDS: "60" })).toMatchObject({
      maxConcurrentRequests: 4,
      rateLimitWaitSeconds: 60,
    });
  });

  const whole = (min: number) => `a whole number >= ${min}`;
  test.each([
    ["maxRetries", "UPTIME_MAX_RETRIES", ["three", "-1", "2.5", " ", "1e3"], whole(0)],
    ["requestTimeoutMs", "UPTIME_REQUEST_TIMEOUT_MS", ["0x10", "30s"], whole(1)],
    ["connectTimeoutMs", "UPTIME_CONNECT_TIMEOUT_MS", ["Infinity", "0"], whole(1)],
    ["maxConcurrentRequests", "UPTIME_MAX_CONCURRENT_REQUESTS", ["0"], whole(1)],
    ["rateLimitWaitSeconds", "UPTIME_RATE_LIMIT_WAIT_SECONDS", ["0"], whole(1)],
    [
      "requestsPerSecond",
      "UPTIME_REQUESTS_PER_SECOND",
      ["0", "-1", "fast", "1e3", "Infinity", "."],
      "a number of requests per second > 0, such as 8 or 0.5",
    ],
    ["journalDir", "UPTIME_JOURNAL_DIR", ["cache/j", "./j"], "an absolute path"],
  ])("a malformed %s (%s) is refused, from config and from the environment, naming both ways to set it", (key, env, values, takes) => {
    for (const value of values) {
      for (const read of [() => readSettings(config({ [key]: value }), {}), () => readSettings(none, { [env]: value })]) {
        expect(read).toThrow(ConfigError);
        expect(read).toThrow(`uptime:${key} (or ${env}) must be ${takes}, got ${JSON.stringify(value)}`);
      }
    }
  });

  test("journalDir, an absolute path, from config first", () => {
    expect(readSettings(config({ journalDir: "/cache/uptime" }), { UPTIME_JOURNAL_DIR: "/env/j" }).journalDir).toBe("/cache/uptime");
    expect(readSettings(none, { UPTIME_JOURNAL_DIR: "/env/j" }).journalDir).toBe("/env/j");
  });
});

describe("settingsProblem", () => {
  const good = { apiKey: "k-123456", baseUrl: "https://api.example.com/v1" };

  test("valid settings: no problem, and client options carry them, pacing included", () => {
    expect(settingsProblem(good)).toBeUndefined();
    expect(clientOptions({ ...good, maxRetries: 0, authScheme: "Bearer" })).toEqual({
      names: expect.objectContaining({ name: expect.any(Function) }),
      baseUrl: good.baseUrl,
      apiKey: good.apiKey,
      authScheme: "Bearer",
      connectTimeoutMs: undefined,
      requestTimeoutMs: undefined,
      retry: { maxRetries: 0 },
      pacing: {},
    });
    // The pacing settings reach the account's scheduler: a ceiling, the in-flight cap, the wait in ms.
    const paced = clientOptions({ ...good, requestsPerSecond: 0.5, maxConcurrentRequests: 4, rateLimitWaitSeconds: 90 });
    expect(paced.pacing).toEqual({ maxRate: 0.5, maxInFlight: 4, maxWaitMs: 90_000 });
  });

  test.each([
    ["key, the secret way first", { baseUrl: good.baseUrl }, "pulumi config set --secret uptime:apiKey", "UPTIME_API_KEY"],
    ["address", { apiKey: good.apiKey }, "pulumi config set uptime:baseUrl", "UPTIME_BASE_URL"],
  ])("a missing %s names both ways to give it, and no client options are made", (_what, settings, command, env) => {
    const problem = settingsProblem(settings)?.message;
    expect(problem).toContain(command);
    expect(problem).toContain(env);
    expect(() => clientOptions(settings)).toThrow(ConfigError);
  });

  test.each(["api.example.com/v1", "ftp://api.example.com/v1", "https://", "not a url"])(
    "baseUrl %j is refused with an example",
    (baseUrl) => {
      const problem = settingsProblem({ ...good, baseUrl })?.message;
      expect(problem).toContain(`uptime:baseUrl (or UPTIME_BASE_URL) ${JSON.stringify(baseUrl)} is not an http(s) URL`);
      expect(problem).toContain("https://<host>/v1");
    },
  );

  test("an authScheme must be one word", () => {
    expect(settingsProblem({ ...good, authScheme: "Bearer token" })?.message).toContain(
      "uptime:authScheme (or UPTIME_AUTH_SCHEME) must be one word",
    );
    expect(settingsProblem({ ...good, authScheme: "Token" })).toBeUndefined();
  });

  test("no problem message ever holds the key", () => {
    const key = "sk-secret-0123456789";
    for (const s of [{ apiKey: key }, { apiKey: key, baseUrl: "nope" }, { apiKey: key, baseUrl: good.baseUrl, authScheme: "a b" }]) {
      expect(settingsProblem(s)?.message).not.toContain(key);
    }
  });
});

describe("session: configure() takes the engine's stack config", () => {
  isolatedEnv("UPTIME_API_KEY", "UPTIME_BASE_URL", "UPTIME_MAX_RETRIES");
  afterEach(resetSession);
  const configureWith = (values: Record<string, string | undefined>) => configure({ config: { get: (k) => values[k] } });

  test("uptime:* keys come from the config handed to configure(); a malformed number is the problem, not thrown", () => {
    configureWith({ "uptime:apiKey": "k-abcdef", "uptime:baseUrl": "http://127.0.0.1:1/v1", "uptime:maxRetries": "1" });
    expect(currentSettings()).toMatchObject({ apiKey: "k-abcdef", baseUrl: "http://127.0.0.1:1/v1", maxRetries: 1 });
    expect(configProblem()).toBeUndefined();
    configureWith({ "uptime:apiKey": "k-abcdef", "uptime:baseUrl": "https://h/v1", "uptime:maxRetries": "many" });
    expect(configProblem()).toMatchObject({
      setting: "maxRetries",
      message: 'uptime:maxRetries (or UPTIME_MAX_RETRIES) must be a whole number >= 0, got "many"',
    });
  });

  test("an Account's settings are named as the program gives them; UPTIME_BASE_URL and UPTIME_API_KEY fill the stack's only", () => {
    const problem = (account: string | undefined, values: Record<string, string>) => {
      configureWith({ [ACCOUNT_KEY]: account, ...Object.fromEntries(Object.entries(values).map(([k, v]) => [`uptime:${k}`, v])) });
      return configProblem();
    };
    const good = { baseUrl: "https://h/v1", apiKey: "k-abcdef" };
    const staging = 'maxRetries of Account "staging" must be a whole number >= 0, got "many"';
    expect(problem("staging", { ...good, maxRetries: "many" })?.message).toBe(staging);
    expect(problem(undefined, { ...good, maxRetries: "many" })?.message).toBe(
      'uptime:maxRetries (or UPTIME_MAX_RETRIES) must be a whole number >= 0, got "many"',
    );
    Object.assign(process.env, { UPTIME_BASE_URL: good.baseUrl, UPTIME_API_KEY: good.apiKey });
    expect(problem("staging", {})).toMatchObject({ setting: "apiKey", message: 'no API key: give Account "staging" its apiKey' });
    expect(problem("staging", { apiKey: good.apiKey })?.message).toBe(
      'no API address: give Account "staging" its baseUrl, e.g. https://<host>/v1',
    );
    // The other UPTIME_* variables apply to every account.
    process.env.UPTIME_MAX_RETRIES = "many";
    expect(problem("staging", good)?.message).toBe(staging);
    delete process.env.UPTIME_MAX_RETRIES;
    expect(problem(undefined, {})).toBeUndefined();
  });
});

test("an Account's client names its baseUrl in its words, an address that merely contains uptime: as it is", async () => {
  const words = settingWords("staging");
  const client = new UptimeClient({ baseUrl: "http://uptime:8080/v1", apiKey: "k-123456", retry: { maxRetries: 0 }, names: words });
  // No host of that name here: the failure names the address the Account was given, in its words.
  await expect(client.monitors.get("m1")).rejects.toThrow(/; check baseUrl of Account "staging" \(http:\/\/uptime:8080\/v1\)/);
});

test("the stack's words name each setting's own environment variable, as the table gives it", () => {
  for (const s of TABLE) expect(STACK_NAMES.withEnv(s.key)).toBe(`uptime:${s.key} (or ${s.env})`);
});
