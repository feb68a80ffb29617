// [Note: Thumbnails reach the page as data URLs]
//
// A thumbnail is shown through a `data:` URL of its JPEG, made in the sync
// worker, which decrypts it: the page only sets it as an image source. The
// gallery showed them through object URLs before, and making one took a Blob
// and a URL registration, each a round trip to the browser's blob registry,
// then the image's load went through the browser's blob loader as well.
// Measured over 40 date jumps on the 2-core bench machine, object URLs cost
// the renderer 19.4 s and the browser 7.7 s of CPU, and a jump's screen
// loaded in 450 ms (median, p95 frame 33 ms); data URLs cost 11.5 s and
// 3.5 s, and the screen loaded in 297 ms (p95 frame 16.8 ms). A data URL
// needs no IPC at all (Chromium loads it in the renderer) and nothing to
// revoke, and the decrypted bytes never leave the renderer's memory for the
// browser's blob storage, which may spill to disk. Its cost is the page's
// heap: the base64 text is a third larger than the JPEG, so the page's
// thumbnail store bounds what it keeps in characters as well as in entries.

import { toB64 } from "../../../shared/crypto/base64";
import type { ThumbnailResult, ThumbnailURLResult } from "../gallery-contract";

/** `Uint8Array.prototype.toBase64` where the engine has it (Chromium 140+, Firefox 133+, Safari 18.2+). */
type WithNativeBase64 = Uint8Array & { toBase64?: () => string };

const base64Of = (bytes: Uint8Array): string => {
  const native = (bytes as WithNativeBase64).toBase64;
  return native === undefined ? toB64(bytes) : native.call(bytes);
};

/** `data:` URLs of decrypted thumbnails (JPEG). See: [Note: Thumbnails reach the page as data URLs] */
export function thumbnailURLs(results: readonly ThumbnailResult[]): ThumbnailURLResult[] {
  return results.map((result) =>
    result.ok
      ? {
          fileID: result.fileID,
          ok: true,
          url: `data:image/jpeg;base64,${base64Of(result.bytes)}`,
        }
      : result,
  );
}
