// The benchmark mode `mirror`: see bench/state-floor.ts.
import { maker } from "./state-floor";

export const make = maker("mirror");
