import { packageVersion } from "../provider/release";

/** This package's version: `0.2.0` for a release tagged v0.2.0, `0.2.0-dev.g<commit>` for a build of another commit. */
export const version: string = packageVersion();
