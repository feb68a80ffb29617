import path from "node:path";
import sharp from "sharp";
import { thumbnailMaxSidePx } from "../../../shared/model/media/thumbnail-rules";
import type { RGBAImage } from "../../ml/clip/clip-embedder";

// Real photos as the similar-photos code sees them in the app: decoded and
// scaled to a thumbnail's size (720 px on the long side at most), as RGBA.
// sharp decodes here; the app's ML worker has an OffscreenCanvas do it.

/** The real photos of two people (see the fixtures' README). */
export const faceFixturesDir = path.resolve(
  import.meta.dirname,
  "../../../../shared/fixtures/faces",
);
/** Real camera and phone photos (see the fixtures' README). */
export const mediaFixturesDir = path.resolve(
  import.meta.dirname,
  "../../../../shared/fixtures/media",
);

/** What is done to a photo before it is decoded, to make a copy of it. */
export interface CopyOptions {
  /** Re-encoded as a JPEG at this quality (1..100) first. */
  jpegQuality?: number;
  /** Mirrored left to right. */
  flipped?: boolean;
}

const toRGBA = async (image: ReturnType<typeof sharp>): Promise<RGBAImage> => {
  const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8ClampedArray(data) };
};

/** A photo file as a thumbnail's pixels (upright, 720 px long side at most), optionally altered. */
export const thumbnailPixels = async (
  file: string,
  { jpegQuality, flipped = false }: CopyOptions = {},
): Promise<RGBAImage> => {
  let thumbnail = sharp(file)
    .rotate()
    .resize(thumbnailMaxSidePx, thumbnailMaxSidePx, { fit: "inside", withoutEnlargement: true });
  if (flipped) thumbnail = thumbnail.flop();
  if (jpegQuality === undefined) return toRGBA(thumbnail);
  const reencoded = await thumbnail.jpeg({ quality: jpegQuality }).toBuffer();
  return toRGBA(sharp(reencoded));
};
