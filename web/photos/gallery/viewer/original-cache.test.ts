import { describe, expect, it, vi } from "vitest";
import type { OriginalMedia } from "../../../../workers/gallery/gallery-contract";
import { FileType } from "../../../../shared/model/library/file-metadata";
import { isPrefetchable, OriginalCache } from "./original-cache";

const media = (fileID: number): OriginalMedia => ({
  fileID,
  kind: "image",
  blob: new Blob([String(fileID)]),
});

describe("OriginalCache", () => {
  it("loads each original once while it is held", async () => {
    const load = vi.fn((fileID: number) => Promise.resolve(media(fileID)));
    const cache = new OriginalCache(load);
    const [first, second] = await Promise.all([cache.get(1), cache.get(1)]);
    expect(first).toBe(second);
    await cache.get(1);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("forgets a failed load so that showing the file again retries it", async () => {
    const load = vi
      .fn<(fileID: number) => Promise<OriginalMedia>>()
      .mockRejectedValueOnce(new Error("offline"))
      .mockImplementation((fileID) => Promise.resolve(media(fileID)));
    const cache = new OriginalCache(load);
    await expect(cache.get(7)).rejects.toThrow("offline");
    expect(cache.has(7)).toBe(false);
    await expect(cache.get(7)).resolves.toEqual(media(7));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("keeps only the shown file and its neighbours", async () => {
    const load = vi.fn((fileID: number) => Promise.resolve(media(fileID)));
    const cache = new OriginalCache(load);
    for (const fileID of [1, 2, 3, 4, 5]) cache.prefetch(fileID);
    cache.keepOnly([3, 2, 4]);
    expect(cache.size).toBe(3);
    expect([1, 2, 3, 4, 5].map((id) => cache.has(id))).toEqual([false, true, true, true, false]);
    await cache.get(1);
    expect(load).toHaveBeenCalledTimes(6);
  });

  it("never holds more than three", () => {
    const cache = new OriginalCache((fileID) => Promise.resolve(media(fileID)));
    for (const fileID of [1, 2, 3, 4]) cache.prefetch(fileID);
    cache.keepOnly([1, 2, 3, 4]);
    expect(cache.size).toBe(3);
  });

  it("a failed prefetch is not an unhandled rejection", async () => {
    const cache = new OriginalCache(() => Promise.reject(new Error("gone")));
    cache.prefetch(9);
    await Promise.resolve();
    expect(cache.has(9)).toBe(false);
  });
});

describe("isPrefetchable", () => {
  it.each([
    [FileType.image, true],
    [FileType.livePhoto, true],
    [FileType.video, false],
    [FileType.others, false],
  ])("file type %s: %s", (fileType, expected) => {
    expect(isPrefetchable(fileType)).toBe(expected);
  });
});
