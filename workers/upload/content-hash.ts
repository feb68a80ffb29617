// The content hash of a picked file (BLAKE2b-512, base64: the metadata's
// `hash`, spec §3), computed before the upload so that a file already in the
// library is never sent again.

import { STREAM_CHUNK_BYTES } from "../../shared/crypto/sizes";
import { CairnError } from "../../shared/model/errors";
import type { CryptoPool } from "../crypto/pool";
import { blobSlices } from "./upload-source";

/**
 * Bytes read and hashed at a time: the encryption's chunk size (4 MiB). A
 * `Blob` stream would hand over 64 KiB pieces, a round trip to the crypto
 * pool each; slices of 4 MiB make a 2 GB video 500 round trips, and at most
 * two slices are held at once (one being hashed, the next being read).
 */
export const hashSliceBytes = STREAM_CHUNK_BYTES;

const throwIfCancelled = (signal: AbortSignal | undefined) => {
  if (signal?.aborted === true) throw new CairnError("uploadCancelled", { cause: signal.reason });
};

/** The base64 BLAKE2b-512 of `blob`, read a slice at a time. */
export const contentHashB64 = async (
  pool: Pick<CryptoPool, "openHash">,
  blob: Blob,
  signal?: AbortSignal,
  onHashedBytes?: (hashedBytes: number) => void,
): Promise<string> => {
  const hash = await pool.openHash();
  try {
    let offset = 0;
    for await (const slice of blobSlices(blob, hashSliceBytes)) {
      throwIfCancelled(signal);
      offset += slice.length;
      await hash.update(slice);
      onHashedBytes?.(offset);
    }
    return await hash.finalizeB64();
  } finally {
    await hash.close();
  }
};
