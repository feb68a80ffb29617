// The browser entry of the media worker: started by the sync worker on the
// first upload of a session (vite-plugin-comlink exposes every export). It
// sniffs types, reads EXIF, probes videos and makes thumbnails: the heavy
// per-file work of an upload, kept off the UI thread and off the sync
// worker, which answers the gallery meanwhile.

import { transfer } from "comlink";
import type { MediaFacts } from "../upload/upload-run";
import type { UnitPart } from "../upload/upload-unit";
import { browserImageCodec } from "./image/browser-image-codec";
import { createUploadMedia } from "./upload-media";
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

/** A file's thumbnail JPEG (its buffer moved to the caller, not copied). */
export const thumbnail = async (part: UnitPart, partFacts: MediaFacts): Promise<Uint8Array> => {
  const jpeg = await media.thumbnail(part, partFacts);
  return transfer(jpeg, [jpeg.buffer]);
};
