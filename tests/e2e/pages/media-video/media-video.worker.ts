// A dedicated worker running the media worker's video modules with the
// ffmpeg.wasm core the web build serves (Vite `?url` assets), for
// tests/e2e/media-video.e2e.ts. vite-plugin-comlink exposes every export.

import { toB64 } from "../../../../shared/crypto/base64";
import { CairnError } from "../../../../shared/model/errors";
import { bundledFFmpegCore } from "../../../../workers/media/video/bundled-ffmpeg-core";
import {
  type VideoProbe,
  createVideoProcessor,
} from "../../../../workers/media/video/video-processor";

export type VideoOutcome =
  | { ok: true; probe?: VideoProbe; jpegB64?: string }
  | { ok: false; errorName: string; key?: string };

export interface WorkerFacts {
  hasDOM: boolean;
  coreURL: string;
  wasmURL: string;
}

// WORKERFS reads a mounted Blob only through FileReaderSync, a slice at a
// time; counting the bytes of those slices here (in this test worker only)
// shows how much of a large file probing and thumbnailing read.
interface FileReaderSyncPrototype {
  readAsArrayBuffer: (this: FileReaderSyncPrototype, blob: Blob) => ArrayBuffer;
}
// The project's TypeScript libraries are the DOM's, which lack the worker-only FileReaderSync.
const fileReaderSync = (
  globalThis as unknown as { FileReaderSync: { prototype: FileReaderSyncPrototype } }
).FileReaderSync.prototype;
const readAsArrayBuffer = fileReaderSync.readAsArrayBuffer;
let bytesRead = 0;
fileReaderSync.readAsArrayBuffer = function countedRead(this: FileReaderSyncPrototype, blob: Blob) {
  bytesRead += blob.size;
  return readAsArrayBuffer.call(this, blob);
};

const processor = createVideoProcessor(bundledFFmpegCore);

const failure = (error: unknown): VideoOutcome => ({
  ok: false,
  errorName: error instanceof Error ? error.name : typeof error,
  ...(error instanceof CairnError ? { key: error.key } : {}),
});

export const probe = async (file: File): Promise<VideoOutcome> => {
  try {
    return { ok: true, probe: await processor.probeVideo(file) };
  } catch (error) {
    return failure(error);
  }
};

export const thumbnail = async (file: File): Promise<VideoOutcome> => {
  try {
    return { ok: true, jpegB64: toB64(await processor.videoThumbnailJPEG(file)) };
  } catch (error) {
    return failure(error);
  }
};

export const resetBytesRead = (): void => {
  bytesRead = 0;
};

export const bytesReadSoFar = (): number => bytesRead;

export const workerFacts = (): WorkerFacts => ({
  hasDOM: typeof document !== "undefined" || typeof window !== "undefined",
  ...bundledFFmpegCore,
});
