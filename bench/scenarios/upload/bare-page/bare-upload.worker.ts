// The bare pipeline's worker: each file read once in 4 MiB chunks, hashed
// (BLAKE2b-512) and encrypted (secretstream) as it is read, a photo
// thumbnailed (a reduced-size JPEG decode, one draw, one JPEG encode) and
// its thumbnail encrypted, and both PUT to the upload URLs the page minted,
// with bare libsodium and the browser's own APIs: no crypto pool, no worker
// API, no UI. Exposed by vite-plugin-comlink.
// See: [Note: The upload's baseline is the bare pipeline]

import sodium from "libsodium-wrappers-sumo";
import { STREAM_CHUNK_BYTES } from "../../../../shared/crypto/sizes";
import {
  thumbnailMaxSidePx,
  thumbnailSizeFor,
  thumbnailStartQuality,
} from "../../../../shared/model/media/thumbnail-rules";
import { jpegFrameSize } from "../../../../workers/media/image/jpeg-segments";
import { jpegReducedDecodeSize } from "../../../../workers/media/image/reduced-decode";
import type { BareFileResult } from "./bare-pipeline";

const hashBytes = 64;
/** Enough of a camera JPEG's start to hold its frame header. */
const jpegHeadBytes = 256 * 1024;

/** The photo decoded at the smallest size libjpeg can give that still fills a thumbnail. */
const decodeForThumbnail = async (file: File): Promise<ImageBitmap> => {
  const stored = jpegFrameSize(new Uint8Array(await file.slice(0, jpegHeadBytes).arrayBuffer()));
  const asked =
    stored === undefined
      ? undefined
      : jpegReducedDecodeSize(stored, { longSideAtLeastPx: thumbnailMaxSidePx });
  if (asked === undefined) return createImageBitmap(file, { imageOrientation: "from-image" });
  const decoder = new ImageDecoder({
    data: file.stream(),
    type: "image/jpeg",
    desiredWidth: asked.widthPx,
    desiredHeight: asked.heightPx,
  });
  try {
    const { image } = await decoder.decode();
    try {
      return await createImageBitmap(image);
    } finally {
      image.close();
    }
  } finally {
    decoder.close();
  }
};

const thumbnailJPEG = async (file: File): Promise<Uint8Array> => {
  const bitmap = await decodeForThumbnail(file);
  const size = thumbnailSizeFor({ widthPx: bitmap.width, heightPx: bitmap.height });
  const canvas = new OffscreenCanvas(size.widthPx, size.heightPx);
  const context = canvas.getContext("2d");
  if (context === null) throw new Error("OffscreenCanvas gave no 2D context");
  context.drawImage(bitmap, 0, 0, size.widthPx, size.heightPx);
  bitmap.close();
  const blob = await canvas.convertToBlob({ type: "image/jpeg", quality: thumbnailStartQuality });
  return new Uint8Array(await blob.arrayBuffer());
};

/** libsodium's outputs are fresh copies out of its heap, on plain ArrayBuffers. */
const put = async (url: string, parts: readonly Uint8Array[]): Promise<void> => {
  const body = new Blob(parts.map((part) => part as Uint8Array<ArrayBuffer>));
  const response = await fetch(url, { method: "PUT", body });
  if (!response.ok) throw new Error(`PUT answered ${String(response.status)}`);
};

/** Reads, hashes, encrypts, thumbnails and PUTs one file. */
export const uploadFile = async (
  file: File,
  urls: { file: string; thumbnail: string },
  thumbnail: boolean,
): Promise<BareFileResult> => {
  await sodium.ready;
  const tagMessage = sodium.crypto_secretstream_xchacha20poly1305_TAG_MESSAGE;
  const tagFinal = sodium.crypto_secretstream_xchacha20poly1305_TAG_FINAL;
  const fileKey = sodium.crypto_secretstream_xchacha20poly1305_keygen();
  const { state } = sodium.crypto_secretstream_xchacha20poly1305_init_push(fileKey);
  const hash = sodium.crypto_generichash_init(null, hashBytes);
  const ciphertext: Uint8Array[] = [];
  let offset = 0;
  do {
    const chunk = new Uint8Array(
      await file.slice(offset, offset + STREAM_CHUNK_BYTES).arrayBuffer(),
    );
    offset += chunk.length;
    sodium.crypto_generichash_update(hash, chunk);
    const last = offset >= file.size;
    ciphertext.push(
      sodium.crypto_secretstream_xchacha20poly1305_push(
        state,
        chunk,
        null,
        last ? tagFinal : tagMessage,
      ),
    );
  } while (offset < file.size);
  const hashB64 = sodium.to_base64(
    sodium.crypto_generichash_final(hash, hashBytes),
    sodium.base64_variants.ORIGINAL,
  );

  let thumbnailBytes = 0;
  const uploads = [put(urls.file, ciphertext)];
  if (thumbnail) {
    const jpeg = await thumbnailJPEG(file);
    const { state: thumbState } = sodium.crypto_secretstream_xchacha20poly1305_init_push(fileKey);
    const sealed = sodium.crypto_secretstream_xchacha20poly1305_push(
      thumbState,
      jpeg,
      null,
      tagFinal,
    );
    thumbnailBytes = sealed.length;
    uploads.push(put(urls.thumbnail, [sealed]));
  }
  await Promise.all(uploads);
  return {
    name: file.name,
    sourceBytes: file.size,
    encryptedBytes: ciphertext.reduce((total, chunk) => total + chunk.length, 0),
    thumbnailBytes,
    hashB64,
  };
};
