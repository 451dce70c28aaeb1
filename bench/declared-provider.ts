// The benchmark mode `declared`: see bench/state-floor.ts.
import { maker } from "./state-floor";

export const make = maker("declared");
