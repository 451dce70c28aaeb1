// What pages and alerts share, the kinds the API lets us take over but not create or delete: delete
// releases (no request, the object as it was, a log line), a uuid the service lacks fails with the
// way out, and refresh tells "deleted in the dashboard" (gone) from "cannot be read" (the state kept).
import { UptimeClient } from "../../../provider/api/client";
import { alertProvider, pageProvider } from "../../../provider/providers";
import { providerLog } from "../../../provider/log";
import { pages } from "../../../provider/page";
import { alerts } from "../../../provider/alert";
import { adminJson } from "../../helpers/emulator-http";
import { useEmulator } from "../../helpers/emulator";
import { checkedAlert, checkedPage } from "../../helpers/checked";

const PAGE = "3f8a2d14-6b9c-4e07-8d51-2c7e9b0a4f01";
const ALERT = "5c0e7a52-3b1d-4f6e-9a21-0d4b8c7e1f02";
const SEED = {
  pages: [{ uuid: PAGE, name: "Old name", useGroups: false, items: [] }],
  alerts: [{ uuid: ALERT, name: "On-call", recipients: [] }],
};

type Props = Record<string, unknown>;
interface Kind {
  kind: "page" | "alert";
  uuid: string;
  provider: { delete(id: string, props: Props): Promise<void> };
  create(client: UptimeClient, args: Props): Promise<{ outs: Props }>;
  read(client: UptimeClient, id: string, props: Props): Promise<unknown>;
  unknown(client: UptimeClient): Promise<unknown>;
  noun: string;
}

const KINDS: Kind[] = [
  {
    kind: "page",
    uuid: PAGE,
    provider: pageProvider as never,
    create: async (client, args) => pages.create(client, await checkedPage({ uuid: PAGE, ...args })),
    read: (client, id, props) => pages.read(client, id, props as never),
    unknown: async (client) => pages.create(client, (await pages.check({ uuid: "no-such-page", name: "x" })).inputs),
    noun: "Pages",
  },
  {
    kind: "alert",
    uuid: ALERT,
    provider: alertProvider as never,
    create: async (client, args) => alerts.create(client, checkedAlert({ uuid: ALERT, ...args })),
    read: (client, id, props) => alerts.read(client, id, props as never),
    unknown: (client) => alerts.create(client, { uuid: "no-such-alert", name: "x" }),
    noun: "Alerts",
  },
];

const { emulator, admin, client } = useEmulator({ seed: SEED, resetEach: true });
const documented = useEmulator({ seed: SEED, documentedOnly: true }); // GET answers 405

const stored = (k: Kind) => admin.get(`/${k.kind}s/${k.uuid}`);

describe.each(KINDS)("$kind", (k) => {
  test("delete releases it: no request, it stays exactly as it was, and the log says so", async () => {
    const { outs } = await k.create(client, { name: "Acme" });
    const before = await stored(k);
    const info = jest.spyOn(providerLog, "info").mockImplementation(() => undefined);
    await admin.clearRequests();
    await k.provider.delete(k.uuid, outs);
    expect(await admin.requests()).toEqual([]);
    expect(await stored(k)).toEqual(before);
    expect(info).toHaveBeenCalledWith(
      expect.stringMatching(
        new RegExp(`^${k.kind} ${k.uuid} \\("Acme"\\) released: removed from the stack and left in the service as it is`),
      ),
    );
    info.mockRestore();
  });

  test("taking over a uuid the service does not know fails with the way out", async () => {
    await expect(k.unknown(client)).rejects.toThrow(
      new RegExp(
        `^${k.kind} no-such-${k.kind} \\("x"\\): the service has no ${k.kind} with this uuid \\(404\\)\\. ${k.noun} cannot be created through the API, only taken over`,
      ),
    );
  });

  test("refresh: deleted in the dashboard, it is gone; a service that cannot read it keeps the state", async () => {
    const { outs } = await k.create(client, { name: "Acme" });
    expect(await k.read(documented.client, k.uuid, outs)).toEqual({ kind: "unsupported", status: 405 });
    await adminJson(emulator, "DELETE", `/${k.kind}s/${k.uuid}`);
    expect(await k.read(client, k.uuid, outs)).toEqual({ kind: "gone" });
  });
});
