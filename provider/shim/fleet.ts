import { makeShim } from "./make";

export = makeShim("fleet");
