// Kept for the files that import this path: the emulator helper is ./emulator.
export * from "./emulator";
