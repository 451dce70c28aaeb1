import type * as pulumi from "@pulumi/pulumi";

/**
 * An image file for a {@link Page}'s `logo` or `favicon`: png, jpeg, gif, webp, svg or ico, at most
 * 5 MiB. A relative path is resolved against the program's working directory (normally the Pulumi
 * project directory). The provider reads the file at every preview and update and keeps only a
 * sha256 of its bytes in the state (never the bytes nor their base64): the image is uploaded when
 * the page is taken over, then only when the file's content changes.
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
