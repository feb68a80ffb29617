import { describe, expect, it } from "vitest";
import { inProcessCryptoPool } from "../../sync/test-support/sync-store";
import { builtInFaceEngine } from "../faces/face-engines";
import { createFaceStage, maxFaceIndexingFailures } from "./face-stage";
import { LibraryMLIndexes } from "./ml-indexes";

// See: [Note: A photo whose faces cannot be found is tried a few times]

const photo = { id: 5, title: "IMG_0005.jpg", fileType: 0, contentHash: undefined };

/** A session whose thumbnails never read, over `indexes` (kept between sessions as the face database would). */
const sessionOver = (indexes: LibraryMLIndexes) => {
  const thumbnailRequests: number[][] = [];
  const stage = createFaceStage({
    files: () => [photo],
    thumbnails: (fileIDs) => {
      thumbnailRequests.push([...fileIDs]);
      return Promise.resolve(
        fileIDs.map((fileID) => ({ ok: false as const, fileID, errorName: "NetworkError" })),
      );
    },
    ml: {
      detectFaces: () => Promise.resolve([]),
      faceEngine: () => Promise.resolve(builtInFaceEngine),
    },
    batchSize: 8,
    indexes,
    client: "test",
    logError: () => undefined,
  });
  const sync = {
    // No other device has found this photo's faces.
    api: { call: () => Promise.resolve({ data: [] }) },
    pool: inProcessCryptoPool(),
    fileKey: () => "key",
  } as unknown as Parameters<typeof stage.run>[0];
  return { stage, sync, thumbnailRequests };
};

describe("a photo whose faces cannot be found", () => {
  it("is tried once a session, and after a few sessions counts as done", async () => {
    const indexes = new LibraryMLIndexes({ inLibrary: () => true, logError: () => undefined });
    for (let sessionIndex = 1; sessionIndex <= maxFaceIndexingFailures; sessionIndex++) {
      const { stage, sync, thumbnailRequests } = sessionOver(indexes);
      expect(stage.isDone(photo.id)).toBe(false);
      expect(await stage.run(sync, undefined)).toBe("did-work");
      // Not again in the same session.
      expect(await stage.run(sync, undefined)).toBe("nothing-to-do");
      expect(thumbnailRequests).toEqual([[photo.id]]);
      expect(indexes.faceStateOf(photo.id)).toEqual({
        status: "indexable",
        failureCount: sessionIndex,
      });
    }
    const { stage, sync, thumbnailRequests } = sessionOver(indexes);
    expect(stage.isDone(photo.id)).toBe(true);
    expect(await stage.run(sync, undefined)).toBe("nothing-to-do");
    expect(thumbnailRequests).toEqual([]);
  });
});
