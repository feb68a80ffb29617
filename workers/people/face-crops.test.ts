import { describe, expect, it } from "vitest";
import { generateKeyB64 } from "../../shared/crypto";
import type { ThumbnailResult } from "../gallery/gallery-contract";
import { mediaCacheNames } from "../gallery/media/ciphertext-cache";
import { MemoryCacheStorage } from "../gallery/media/test-support/memory-cache-storage";
import { createLocalCipher } from "../sync/local-cipher";
import { inProcessCryptoPool } from "../sync/test-support/sync-store";
import { createFaceCrops, faceCropKey } from "./face-crops";
import type { FaceRef, RelativeBox } from "./people-contract";

// The face crops over an in-memory Cache Storage, the real local cipher
// (the in-process crypto pool), and stand-ins for the thumbnails and the ML
// worker that count what they are asked. See: [Note: Face crops are cached sealed]

const pool = inProcessCryptoPool();

const faceOf = (fileID: number, x: number): FaceRef => ({
  fileID,
  faceID: `${String(fileID)}_${String(x)}`,
  box: { x, y: 0.1, width: 0.2, height: 0.2 },
});

/** A stand-in crop: a JPEG's first bytes, then the file and the box's x. */
const cropJPEG = (fileID: number, box: RelativeBox) =>
  new Uint8Array([0xff, 0xd8, 0xff, 0xe0, fileID, Math.round(box.x * 100)]);

const isJPEG = (bytes: Uint8Array) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;

const harness = async ({ unreadable = new Set<number>() } = {}) => {
  const caches = new MemoryCacheStorage();
  const keyB64 = await generateKeyB64();
  const asked = { thumbnails: [] as number[][], crops: [] as { fileID: number; faces: number }[] };
  const crops = createFaceCrops({
    caches,
    cipher: createLocalCipher(pool, keyB64),
    thumbnails: (fileIDs) => {
      asked.thumbnails.push([...fileIDs]);
      return Promise.resolve(
        fileIDs.map((fileID): ThumbnailResult =>
          unreadable.has(fileID)
            ? { fileID, ok: false, errorName: "ThumbnailNotFoundError" }
            : { fileID, ok: true, bytes: new Uint8Array([fileID]) },
        ),
      );
    },
    cropFaces: (jpegBytes, boxes) => {
      const fileID = jpegBytes[0] ?? 0;
      asked.crops.push({ fileID, faces: boxes.length });
      return Promise.resolve(boxes.map((box) => cropJPEG(fileID, box)));
    },
  });
  return { caches, asked, crops, keyB64 };
};

describe("the faces' crops", () => {
  it("cuts the crops of a photo's faces in one call, then serves them from the cache", async () => {
    const { crops, asked } = await harness();
    const faces = [faceOf(1, 0.1), faceOf(2, 0.3), faceOf(1, 0.5)];
    const first = await crops.faceCrops(faces);
    expect(first).toEqual(faces.map(({ fileID, box }) => cropJPEG(fileID, box)));
    expect(asked.thumbnails).toEqual([[1, 2]]);
    expect(asked.crops).toEqual([
      { fileID: 1, faces: 2 },
      { fileID: 2, faces: 1 },
    ]);

    const again = await crops.faceCrops([faces[2], faces[0]].flatMap((face) => face ?? []));
    expect(again).toEqual([cropJPEG(1, { x: 0.5, y: 0, width: 0, height: 0 }), first[0]]);
    expect(asked.thumbnails).toHaveLength(1);
    expect(asked.crops).toHaveLength(2);
  });

  it("caches only sealed crops, under keys that name the file alone, which open to the JPEG", async () => {
    const { crops, caches, keyB64 } = await harness();
    const face = faceOf(7, 0.25);
    await crops.faceCrops([face]);
    const entries = caches.entries(mediaCacheNames.faceCrops);
    expect([...entries.keys()]).toEqual([await faceCropKey(face)]);
    const key = [...entries.keys()][0] ?? "";
    expect(key).toContain("/7/");
    expect(key).not.toContain(face.faceID);
    for (const bytes of entries.values()) {
      expect(isJPEG(bytes)).toBe(false);
      expect(Buffer.from(bytes).includes(Buffer.from(cropJPEG(7, face.box)))).toBe(false);
    }
    // A new provider over the same cache and key (a reload) opens them without cutting.
    const reloaded = createFaceCrops({
      caches,
      cipher: createLocalCipher(pool, keyB64),
      thumbnails: () => Promise.reject(new Error("not asked")),
      cropFaces: () => Promise.reject(new Error("not asked")),
    });
    expect(await reloaded.faceCrops([face])).toEqual([cropJPEG(7, face.box)]);
    // Under another key nothing opens, and here nothing can be cut: no crop.
    const otherKey = createFaceCrops({
      caches,
      cipher: createLocalCipher(pool, await generateKeyB64()),
      thumbnails: () => Promise.reject(new Error("unreachable")),
      cropFaces: () => Promise.reject(new Error("unreachable")),
    });
    expect(await otherKey.faceCrops([face])).toEqual([undefined]);
  });

  it("shares one computation between requests made at once", async () => {
    const { crops, asked } = await harness();
    const face = faceOf(3, 0.4);
    const [a, b] = await Promise.all([crops.faceCrops([face]), crops.faceCrops([face])]);
    expect(a).toEqual(b);
    expect(asked.thumbnails).toEqual([[3]]);
    expect(asked.crops).toHaveLength(1);
  });

  it("gives no crop for a face whose thumbnail cannot be read, and the others", async () => {
    const { crops } = await harness({ unreadable: new Set([4]) });
    const result = await crops.faceCrops([faceOf(4, 0.1), faceOf(5, 0.1)]);
    expect(result[0]).toBeUndefined();
    expect(result[1]).toEqual(cropJPEG(5, { x: 0.1, y: 0, width: 0, height: 0 }));
  });

  it("drops the cache, and a crop cut meanwhile is not cached again", async () => {
    const { crops, caches } = await harness();
    await crops.faceCrops([faceOf(1, 0.1)]);
    expect(caches.entries(mediaCacheNames.faceCrops).size).toBe(1);
    const cutting = crops.faceCrops([faceOf(2, 0.1)]);
    await crops.drop();
    await cutting;
    expect(caches.entries(mediaCacheNames.faceCrops).size).toBe(0);
  });
});
