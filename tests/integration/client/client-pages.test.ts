// The page endpoints answer `{ pages: [record] }`: the client takes the page it asked for, and
// refuses an answer that holds only other pages rather than store another page's record under this id.
import { UptimeClient } from "../../../provider/api/client";
import { ResponseFormatError } from "../../../provider/api/errors";
import { useScriptedServer } from "../../helpers/scripted-server";

const server = useScriptedServer();

const client = () => new UptimeClient({ baseUrl: server.url, apiKey: "k-0123456789", retry: { maxRetries: 0 } });
const page = (uuid: string, name: string) => ({ uuid, name, slug: name.toLowerCase() });

test("the page asked for is picked out of the array, wherever it stands", async () => {
  server.script({ status: 200, body: { pages: [page("other", "Other"), page("p1", "Mine")] } });
  await expect(client().pages.update("p1", { name: "Mine" })).resolves.toMatchObject({ uuid: "p1", name: "Mine" });
});

test("an answer without the page asked for is an error naming both, not another page's record", async () => {
  server.script({ status: 200, body: { pages: [page("other", "Other")] } });
  const error = await client()
    .pages.get("p1")
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ResponseFormatError);
  expect((error as Error).message).toBe("GET /pages/p1 returned an unexpected response: pages: expected the page p1, got other");
});
