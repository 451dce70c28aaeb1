import { makeShim } from "./make";

export = makeShim("monitor");
