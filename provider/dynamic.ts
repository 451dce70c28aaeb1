// A path kept for stored states: the `__provider` text that versions of 2026-11-22 serialized reaches
// the provider objects as `require("pulumi-uptime/dist/provider/dynamic")`, by package name, so a stack
// they wrote still loads them here. The objects live in providers.ts.
export { providers } from "./providers";
