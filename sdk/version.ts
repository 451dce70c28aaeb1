// The release of this package a program runs, as `pulumi-uptime`'s `version` export.
import { packageVersion } from "../provider/release";

/** This package's version (its package.json's): `0.2.0` for a release tagged v0.2.0, `0.2.0-dev.g<commit>` for a build of another commit. */
export const version: string = packageVersion();
