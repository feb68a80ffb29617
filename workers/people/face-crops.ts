// The faces' crops for the people pages, as the sync worker serves them:
// from the `face-crops` cache (sealed), else cut by the ML worker from the
// photo's thumbnail, sealed and cached.
//
// [Note: Face crops are cached sealed]
//
// Each face's crop is an image of its own (a square JPEG of at most
// `faceCropMaxSidePx`, cut by the ML worker along `faceCropSquarePx`), kept
// in the Cache Storage cache `face-crops` (spec §9 "Caches: thumbs,
// face-crops, files"). The people page, the albums bar's people and the
// viewer's faces load one small crop per face (a few KB) instead of
// decrypting and decoding a whole 720 px thumbnail per face, and the crops
// survive reloads.
//
// What is cached is sealed with the library's local cipher (see: [Note:
// The local database holds only ciphertext]): a crop is a face, plainer
// than anything the server holds, so nothing of it is on disk in clear.
// The key names the file (the server knows file IDs) and a SHA-256 of the
// face ID, not the box the face ID spells. A crop that no longer opens (a
// damaged entry) is cut again. Turning face indexing off deletes the cache
// with the faces; logout deletes every cache of the origin.

import { toHex } from "../../shared/crypto/hex";
import type { ThumbnailResult } from "../gallery/gallery-contract";
import {
  CiphertextCache,
  type MediaCacheStorage,
  cacheKeyOrigin,
  mediaCacheNames,
} from "../gallery/media/ciphertext-cache";
import type { SealedValue } from "../sync/local-db";
import type { LocalCipher } from "../sync/local-cipher";
import type { FaceRef, RelativeBox } from "./people-contract";

export interface FaceCropsDeps {
  /** Cache Storage; without it crops are cut on every request. */
  caches: MediaCacheStorage | undefined;
  cipher: Pick<LocalCipher, "sealBytes" | "openBytes">;
  /** Decrypted thumbnails, in order (the gallery's media service). */
  thumbnails: (fileIDs: readonly number[]) => Promise<ThumbnailResult[]>;
  /** The ML worker's `cropFaces`. */
  cropFaces: (jpegBytes: Uint8Array, boxes: RelativeBox[]) => Promise<Uint8Array[] | undefined>;
}

export interface FaceCrops {
  /** Each face's crop (JPEG bytes), in order; undefined for a face whose thumbnail cannot be read. */
  faceCrops(faces: readonly FaceRef[]): Promise<(Uint8Array | undefined)[]>;
  /** Deletes every cached crop (face indexing turned off). */
  drop(): Promise<void>;
}

/** The cache key of a face's crop. See: [Note: Face crops are cached sealed] */
export const faceCropKey = async ({ fileID, faceID }: FaceRef): Promise<string> => {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(faceID));
  return `${cacheKeyOrigin}/face-crop/${String(fileID)}/${toHex(new Uint8Array(digest))}`;
};

/** A sealed crop as one cache entry: its header's length (one byte), its header (ASCII base64), the ciphertext. */
export const sealedCropBytes = ({
  encryptedData,
  decryptionHeaderB64,
}: SealedValue): Uint8Array<ArrayBuffer> => {
  const header = new TextEncoder().encode(decryptionHeaderB64);
  const bytes = new Uint8Array(1 + header.length + encryptedData.length);
  bytes[0] = header.length;
  bytes.set(header, 1);
  bytes.set(encryptedData, 1 + header.length);
  return bytes;
};

/** The sealed crop of a cache entry; undefined when it is not one. */
export const sealedCropOf = (bytes: Uint8Array): SealedValue | undefined => {
  const headerLength = bytes[0];
  if (headerLength === undefined || headerLength === 0 || bytes.length <= 1 + headerLength) {
    return undefined;
  }
  return {
    decryptionHeaderB64: new TextDecoder().decode(bytes.subarray(1, 1 + headerLength)),
    encryptedData: bytes.slice(1 + headerLength),
  };
};

type Crop = Uint8Array | undefined;

export const createFaceCrops = (deps: FaceCropsDeps): FaceCrops => {
  const cache = new CiphertextCache(deps.caches, mediaCacheNames.faceCrops);
  /** Crops being read or cut, by face ID: a second request waits for the first. */
  const pending = new Map<string, Promise<Crop>>();
  /** Grows at each drop: crops cut before it are not cached after it. */
  let generation = 0;

  /** The cached crops that open, by face ID. */
  const cachedCrops = async (faces: readonly FaceRef[], keys: readonly string[]) => {
    const stored = await Promise.all(keys.map((key) => cache.get(key)));
    const found: { face: FaceRef; sealed: SealedValue }[] = [];
    stored.forEach((bytes, index) => {
      const face = faces[index];
      const sealed = bytes === undefined ? undefined : sealedCropOf(bytes);
      if (face !== undefined && sealed !== undefined) found.push({ face, sealed });
    });
    const crops = new Map<string, Uint8Array>();
    if (found.length === 0) return crops;
    const opened = await deps.cipher.openBytes(found.map(({ sealed }) => sealed));
    opened.forEach((result, index) => {
      const face = found[index]?.face;
      if (face !== undefined && result.ok) crops.set(face.faceID, result.value);
    });
    return crops;
  };

  /** The crops of `faces` cut from their thumbnails (one ML call per photo), by face ID. */
  const cutCrops = async (faces: readonly FaceRef[]) => {
    const byFile = new Map<number, FaceRef[]>();
    for (const face of faces) byFile.set(face.fileID, [...(byFile.get(face.fileID) ?? []), face]);
    const thumbnails = await deps.thumbnails([...byFile.keys()]);
    const crops = new Map<string, Uint8Array>();
    for (const thumbnail of thumbnails) {
      const ofFile = byFile.get(thumbnail.fileID);
      if (!thumbnail.ok || ofFile === undefined) continue;
      // A photo that cannot be cut gives no crops; the others still do.
      const jpegs = await deps
        .cropFaces(
          thumbnail.bytes,
          ofFile.map(({ box }) => box),
        )
        .catch(() => undefined);
      jpegs?.forEach((jpeg, index) => {
        const face = ofFile[index];
        if (face !== undefined) crops.set(face.faceID, jpeg);
      });
    }
    return crops;
  };

  /** Seals and caches the new crops; the pool takes what it seals, so it seals copies. */
  const keep = async (
    crops: ReadonlyMap<string, Uint8Array>,
    keyOf: ReadonlyMap<string, string>,
    cutIn: number,
  ) => {
    const entries = [...crops];
    if (entries.length === 0 || cutIn !== generation) return;
    const sealed = await deps.cipher.sealBytes(entries.map(([, jpeg]) => jpeg.slice()));
    if (cutIn !== generation) return;
    await Promise.all(
      sealed.map((value, index) => {
        const key = keyOf.get(entries[index]?.[0] ?? "");
        return key === undefined ? Promise.resolve() : cache.put(key, sealedCropBytes(value));
      }),
    );
  };

  const load = async (faces: readonly FaceRef[]): Promise<Map<string, Uint8Array>> => {
    const cutIn = generation;
    const keys = await Promise.all(faces.map(faceCropKey));
    const crops = await cachedCrops(faces, keys);
    const missing = faces.filter(({ faceID }) => !crops.has(faceID));
    if (missing.length === 0) return crops;
    const cut = await cutCrops(missing);
    const keyOf = new Map(faces.map(({ faceID }, index) => [faceID, keys[index] ?? ""]));
    await keep(cut, keyOf, cutIn);
    for (const [faceID, jpeg] of cut) crops.set(faceID, jpeg);
    return crops;
  };

  return {
    async faceCrops(faces) {
      const asked = new Map<string, FaceRef>();
      for (const face of faces) {
        if (!pending.has(face.faceID)) asked.set(face.faceID, face);
      }
      if (asked.size > 0) {
        const loading = load([...asked.values()]);
        for (const faceID of asked.keys()) {
          const crop = loading.then(
            (crops) => crops.get(faceID),
            (): Crop => undefined,
          );
          pending.set(faceID, crop);
          void crop.finally(() => {
            if (pending.get(faceID) === crop) pending.delete(faceID);
          });
        }
      }
      return Promise.all(
        faces.map(({ faceID }) => pending.get(faceID) ?? Promise.resolve<Crop>(undefined)),
      );
    },

    async drop() {
      generation += 1;
      await cache.drop();
    },
  };
};
