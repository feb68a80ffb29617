import { describe, expect, it } from "vitest";
import { isValidObjectKey } from "../../blobs/blob-store";
import { newVideoPreviewObjectID, previewObjectKey, previewObjectOfKey } from "./preview-objects";

describe("preview objects", () => {
  it("mint distinct IDs of pv_ and 22 letters and digits, in keys the blob stores take", () => {
    const ids = new Set(Array.from({ length: 100 }, newVideoPreviewObjectID));
    expect(ids.size).toBe(100);
    for (const objectID of ids) {
      expect(objectID).toMatch(/^pv_[0-9A-Za-z]{22}$/);
      const key = previewObjectKey({
        ownerID: 1580559962386438,
        fileID: 42,
        type: "vid_preview",
        objectID,
      });
      expect(key).toBe(`1580559962386438/file-data/42/vid_preview/${objectID}`);
      expect(isValidObjectKey(key)).toBe(true);
      expect(previewObjectOfKey(key)).toEqual({
        ownerID: 1580559962386438,
        fileID: 42,
        type: "vid_preview",
        objectID,
      });
    }
  });

  it.each([
    ["a file's key", "7/3f2a0c1e-5b6d-4e7f-8a9b-0c1d2e3f4a5b"],
    ["ML data's key", "7/file-data/12/mldata"],
    ["an image preview's key", "7/file-data/12/img_preview/pi_0123456789abcdefABCDEF"],
    ["a playlist's key", "7/file-data/12/vid_preview/pv_0123456789abcdefABCDEF_playlist"],
    ["a short object ID", "7/file-data/12/vid_preview/pv_0123"],
    ["another folder", "7/other/12/vid_preview/pv_0123456789abcdefABCDEF"],
    ["a file ID that is no ID", "7/file-data/x/vid_preview/pv_0123456789abcdefABCDEF"],
    ["a deeper key", "7/file-data/12/vid_preview/pv_0123456789abcdefABCDEF/x"],
  ])("name no preview: %s", (_, key) => {
    expect(previewObjectOfKey(key)).toBeUndefined();
  });
});
