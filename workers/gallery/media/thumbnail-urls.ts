// [Note: Thumbnail URLs are made in the worker]
//
// A thumbnail is shown through an object URL. Making one takes a Blob and a
// URL registration, each a synchronous round trip to the browser's blob
// registry: about 0.3 ms a thumbnail when the machine is idle, far more while
// the browser is busy fetching the very thumbnails a jump asked for, and a
// jump's screen is 50–100 of them (measured: most of the page's work when a
// jump's thumbnails arrive). So the sync worker, which decrypts them, also
// makes their URLs, and the page only sets them as image sources: a URL a
// dedicated worker makes is loadable by its page (same origin). The page
// hands back URLs it no longer keeps, in batches, for the worker to revoke;
// the worker's end revokes all of them.

import type { ThumbnailResult, ThumbnailURLResult } from "../gallery-contract";

/** Object URLs of decrypted thumbnails (JPEG), made here in the worker. */
export function thumbnailURLs(results: readonly ThumbnailResult[]): ThumbnailURLResult[] {
  return results.map((result) =>
    result.ok
      ? {
          fileID: result.fileID,
          ok: true,
          url: URL.createObjectURL(
            new Blob([result.bytes as Uint8Array<ArrayBuffer>], { type: "image/jpeg" }),
          ),
        }
      : result,
  );
}

/** Revokes object URLs made by `thumbnailURLs` that the page no longer shows. */
export function releaseThumbnailURLs(urls: readonly string[]): void {
  for (const url of urls) {
    if (url.startsWith("blob:")) URL.revokeObjectURL(url);
  }
}
