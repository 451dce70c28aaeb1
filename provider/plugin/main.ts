// The entry point of `pulumi-resource-uptime`: serves on a loopback port and tells the engine the port on stdout.
import * as fs from "node:fs";
import * as path from "node:path";
import * as provrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import { grpc } from "./pulumi-deps";
import { confirmCreated, resourceProviderServer } from "./server";

/** Set by scripts/build-plugin.js in the bundle, which has no schema.json beside it. */
declare const UPTIME_BUNDLED_SCHEMA: string | undefined;

/** The package's schema.json: its version, its download address, what the engine asks for in GetSchema. */
const packageSchema = (): string =>
  typeof UPTIME_BUNDLED_SCHEMA === "string"
    ? UPTIME_BUNDLED_SCHEMA
    : fs.readFileSync(path.resolve(__dirname, "..", "..", "..", "schema.json"), "utf8");

async function main(): Promise<void> {
  const server = new grpc.Server({ "grpc.max_receive_message_length": 400 * 1024 * 1024 });
  server.addService(provrpc.ResourceProviderService, resourceProviderServer(packageSchema()));
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, p) => (error ? reject(error) : resolve(p))),
  );
  // The engine stops a plugin with SIGINT once its run is over; a process killed otherwise keeps its notes.
  process.once("SIGINT", () => {
    try {
      confirmCreated();
    } finally {
      server.forceShutdown();
      process.exit(0);
    }
  });
  process.stdout.write(`${port}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`pulumi-resource-uptime: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
