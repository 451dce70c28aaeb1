// The benchmark mode `lean`: see bench/state-floor.ts.
import { maker } from "./state-floor";

export const make = maker("lean");
