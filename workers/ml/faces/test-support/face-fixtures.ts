// The face fixtures (shared/fixtures/faces) as indexing sees them: decoded
// and scaled to thumbnail size (1024 px on the long side at most) by ffmpeg,
// the media tests' codec. Test support only.

import { readFile } from "node:fs/promises";
import path from "node:path";
import { createTestImageCodec } from "../../../media/image/test-support/image-codec";
import type { RGBAImage } from "../face-crop";

export const faceFixturesDir = path.resolve(
  import.meta.dirname,
  "../../../../../shared/fixtures/faces",
);

/** The long side of the images indexing gets (thumbnails). */
export const thumbnailLongSidePx = 1024;

const codec = createTestImageCodec();

/** A fixture decoded and scaled (never enlarged) to at most `longSidePx` on its long side. */
export const faceFixtureImage = async (
  name: string,
  longSidePx: number = thumbnailLongSidePx,
): Promise<RGBAImage> => {
  const decoded = await codec.decode(new Blob([await readFile(path.join(faceFixturesDir, name))]));
  const scale = Math.min(1, longSidePx / Math.max(decoded.widthPx, decoded.heightPx));
  const widthPx = Math.round(decoded.widthPx * scale);
  const heightPx = Math.round(decoded.heightPx * scale);
  const scaled = scale === 1 ? decoded : await codec.resize(decoded, { widthPx, heightPx });
  decoded.close();
  scaled.close();
  return { width: widthPx, height: heightPx, data: new Uint8ClampedArray(scaled.rgba) };
};
