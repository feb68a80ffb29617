// The browser entry of the media worker: started by the sync worker on its
// first media call (an upload's, or the viewer's), and again after one that
// passed its deadline (vite-plugin-comlink exposes every export). It sniffs
// types, reads EXIF, probes videos, makes thumbnails and the viewer's JPEGs:
// the heavy per-file work, kept off the UI thread and off the sync worker,
// which answers the gallery meanwhile.
// See: [Note: The media worker is ended when a call passes its deadline]

// First: see [Note: Zod parses without eval].
import "../../shared/api/zod-jitless";
import { transfer } from "comlink";
import type { MediaFacts } from "../upload/upload-run";
import type { UnitPart } from "../upload/upload-unit";
import { browserImageCodec } from "./image/browser-image-codec";
import { displayJPEGOfFile } from "./image/display-jpeg";
import { createUploadMedia, typeOnlyFacts as typeOnlyFactsOf } from "./upload-media";
import { bundledFFmpegCore } from "./video/bundled-ffmpeg-core";
import { createVideoProcessor } from "./video/video-processor";

const media = createUploadMedia({
  codec: browserImageCodec,
  video: createVideoProcessor(bundledFFmpegCore),
  logWarning: (message, cause) => {
    console.warn(message, cause);
  },
});

/** Facts of many files in one call, in order. */
export const facts = (parts: UnitPart[]): Promise<MediaFacts[]> => media.facts(parts);

/** Facts from the files' types alone (no EXIF, no container), in order. */
export const typeOnlyFacts = async (parts: UnitPart[]): Promise<MediaFacts[]> => {
  const answers: MediaFacts[] = [];
  for (const part of parts) answers.push(await typeOnlyFactsOf(part));
  return answers;
};

/** A file's thumbnail JPEG (its buffer moved to the caller, not copied). */
export const thumbnail = async (part: UnitPart, partFacts: MediaFacts): Promise<Uint8Array> => {
  const jpeg = await media.thumbnail(part, partFacts);
  return transfer(jpeg, [jpeg.buffer]);
};

/** The viewer's JPEG of an image the browser cannot show (HEIC, RAW, TIFF, PSD). */
export const displayImage = (file: Blob, fileName: string): Promise<Blob> =>
  displayJPEGOfFile(file, fileName, { codec: browserImageCodec });
