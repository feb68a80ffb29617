// A dedicated worker running the media worker's image modules with the
// browser codec (createImageBitmap, OffscreenCanvas), for
// tests/e2e/media-image.e2e.ts. vite-plugin-comlink exposes every export.

import { toB64 } from "../../../../shared/crypto/base64";
import { CairnError } from "../../../../shared/model/errors";
import { browserImageCodec } from "../../../../workers/media/image/browser-image-codec";
import { displayJPEG } from "../../../../workers/media/image/display-jpeg";
import { FileConversionFailedError } from "../../../../workers/media/image/file-conversion-error";
import { imageThumbnailJPEG } from "../../../../workers/media/image/image-thumbnail";
import { staticThumbnailJPEG } from "../../../../workers/media/image/static-thumbnail";

export type ImageOutcome =
  | { ok: true; jpegB64: string; widthPx: number; heightPx: number; quality?: number }
  | { ok: false; errorName: string; key?: string; mimeType?: string; causeName?: string };

const failure = (error: unknown): ImageOutcome => ({
  ok: false,
  errorName: error instanceof Error ? error.name : typeof error,
  ...(error instanceof CairnError ? { key: error.key } : {}),
  ...(error instanceof FileConversionFailedError ? { mimeType: error.mimeType } : {}),
  ...(error instanceof Error && error.cause instanceof Error
    ? { causeName: error.cause.name }
    : {}),
});

const fetched = async (url: string): Promise<Blob> => {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.blob();
};

export const thumbnail = async (url: string, mimeType: string): Promise<ImageOutcome> => {
  try {
    const made = await imageThumbnailJPEG(
      await fetched(url),
      { mimeType },
      { codec: browserImageCodec },
    );
    return {
      ok: true,
      jpegB64: toB64(made.jpeg),
      widthPx: made.widthPx,
      heightPx: made.heightPx,
      quality: made.quality,
    };
  } catch (error) {
    return failure(error);
  }
};

export const display = async (url: string, mimeType: string): Promise<ImageOutcome> => {
  try {
    const blob = await displayJPEG(await fetched(url), { mimeType }, { codec: browserImageCodec });
    const bitmap = await createImageBitmap(blob);
    const outcome: ImageOutcome = {
      ok: true,
      jpegB64: toB64(new Uint8Array(await blob.arrayBuffer())),
      widthPx: bitmap.width,
      heightPx: bitmap.height,
    };
    bitmap.close();
    return blob.type === "image/jpeg" ? outcome : failure(new TypeError(blob.type));
  } catch (error) {
    return failure(error);
  }
};

/** The static thumbnail as this browser decodes it. */
export const staticThumbnailSize = async (): Promise<{ widthPx: number; heightPx: number }> => {
  const bytes = staticThumbnailJPEG();
  const bitmap = await createImageBitmap(new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }));
  const size = { widthPx: bitmap.width, heightPx: bitmap.height };
  bitmap.close();
  return size;
};

/** Whether this worker has a DOM (it must not: the modules must not need one). */
export const hasDOM = (): Promise<boolean> =>
  Promise.resolve(typeof (globalThis as { document?: unknown }).document !== "undefined");
