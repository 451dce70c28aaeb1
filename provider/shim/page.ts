import { makeShim } from "./make";

export = makeShim("page");
