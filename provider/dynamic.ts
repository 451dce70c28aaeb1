// Kept for states whose `__provider` (versions of 2026-11-22) requires "pulumi-uptime/dist/provider/dynamic".
export { providers } from "./providers";
