// The thumbnail of a file no thumbnail could be made for:
// the file is still uploaded, with this image, and counted as "uploaded with
// static thumbnail".

import { fromB64 } from "../../../shared/crypto/base64";

/**
 * [Note: The static thumbnail]
 *
 * A 16×16 baseline JPEG of one dark grey (#141414, near the dark theme's
 * background, so that the tile reads as "no picture" rather than as a black
 * photo), 204 bytes. Tiles cover their box, so its size does not matter; it
 * is tiny so that every file that gets it costs almost nothing. Made once
 * with Debian's ffmpeg 5.1:
 *
 *     ffmpeg -f lavfi -i color=c=0x141414:s=16x16 -frames:v 1 -q:v 2 \
 *       -pix_fmt yuvj420p -bitexact -f image2pipe -vcodec mjpeg - | base64 -w0
 */
const staticThumbnailB64 =
  "/9j/4AAQSkZJRgABAgAAAQABAAD/2wBDAAgEBAQEBAUFBQUFBQYGBgYGBgYGBgYGBgYHBwcICAgHBwcGBgcHCAgICAkJCQgICAgJCQoKCgwMCwsODg4RERT/xABLAAEBAAAAAAAAAAAAAAAAAAAABwEBAAAAAAAAAAAAAAAAAAAAABABAAAAAAAAAAAAAAAAAAAAABEBAAAAAAAAAAAAAAAAAAAAAP/AABEIABAAEAMBIgACEQADEQD/2gAMAwEAAhEDEQA/AImAD//Z";

/** The static thumbnail's side. See: [Note: The static thumbnail] */
export const staticThumbnailSidePx = 16;

let staticThumbnail: Uint8Array | undefined;

/**
 * The static thumbnail's bytes, a fresh copy each time: an upload transfers
 * the thumbnail's buffer to a crypto worker, which detaches it here.
 * See: [Note: The static thumbnail]
 */
export const staticThumbnailJPEG = (): Uint8Array => {
  staticThumbnail ??= fromB64(staticThumbnailB64);
  return staticThumbnail.slice();
};
