// gRPC and protobuf as @pulumi/pulumi ships them: its bindings (proto/*_pb) need these very copies.
// scripts/build-plugin.js replaces this module with one a bundler can follow.
import { createRequire } from "node:module";
import type * as grpcTypes from "@grpc/grpc-js";
import type * as emptyTypes from "google-protobuf/google/protobuf/empty_pb";
import type * as structTypes from "google-protobuf/google/protobuf/struct_pb";
import type * as anyTypes from "google-protobuf/google/protobuf/any_pb";

const fromPulumi = createRequire(require.resolve("@pulumi/pulumi"));
export const grpc = fromPulumi("@grpc/grpc-js") as typeof grpcTypes;
export const emptyproto = fromPulumi("google-protobuf/google/protobuf/empty_pb") as typeof emptyTypes;
export const structproto = fromPulumi("google-protobuf/google/protobuf/struct_pb") as typeof structTypes;
export const anyproto = fromPulumi("google-protobuf/google/protobuf/any_pb") as typeof anyTypes;
