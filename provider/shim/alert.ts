import { makeShim } from "./make";

export = makeShim("alert");
