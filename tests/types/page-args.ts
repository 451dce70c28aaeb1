// Page inputs: the analytics id under either spelling (docs/resources.md, Page), and what the
// provider refuses. See cases.ts for how these are run.
import type { PageArgs } from "pulumi-uptime";
import { casesOf } from "./cases";

const { accepts, refuses } = casesOf<PageArgs>("page");
const uuid = "3f8a2d14-6b9c-4e07-8d51-2c7e9b0a4f01";

accepts({ uuid, name: "Acme status", slug: "acme", useGroups: false, items: [] });
accepts({ uuid, googleAnalitycsId: "G-ABC123XYZ" });
accepts({ uuid, googleAnalyticsId: "G-ABC123XYZ" });

// @ts-expect-error one spelling of the analytics id, not two
refuses("googleAnalyticsId", { uuid, googleAnalitycsId: "G-ABC123XYZ", googleAnalyticsId: "G-OTHER" });
// @ts-expect-error an image is a file, never inline base64 (it would be stored in the state)
refuses("logo", { uuid, logo: { base64: "iVBORw0KGgo=" } });
