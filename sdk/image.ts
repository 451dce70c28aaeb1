import type * as pulumi from "@pulumi/pulumi";

/**
 * An image file for a {@link Page}'s `logo` or `favicon`: png, jpeg, gif, webp, svg or ico, at most 5 MiB,
 * relative to the program's working directory. The state keeps only its sha256: it is uploaded when the
 * page is taken over, then only when the file's content changes.
 */
export interface ImageFileArgs {
  /** Path of the image file. */
  path: pulumi.Input<string>;
}

/**
 * The image at `path`, for a {@link Page}'s `logo` or `favicon`:
 * `new uptime.Page("status", { uuid, logo: uptime.imageFile("assets/logo.png") })`.
 */
export function imageFile(path: pulumi.Input<string>): ImageFileArgs {
  return { path };
}
