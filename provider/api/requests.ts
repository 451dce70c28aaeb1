// Request bodies, in the spelling this client sends: each resource's fields under their wire names
// (the API document's request tables: `followRedirects`, `interval`), option objects in camel case,
// `null` to clear a field in an edit. The types are the models' (provider/model), so a field is
// listed once.
import type { BodyOf } from "../model/field";
import type { MONITOR } from "../model/monitor";
import type { PAGE } from "../model/page";
import type { ALERT } from "../model/alert";

export type MonitorRequestBody = BodyOf<typeof MONITOR>;
export type PageRequestBody = BodyOf<typeof PAGE>;
export type AlertRequestBody = BodyOf<typeof ALERT>;
