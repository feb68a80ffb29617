import type { ThumbnailResult } from "../../gallery/gallery-contract";

/** A batch's file and its thumbnail's JPEG bytes. */
export interface ThumbnailImage {
  fileID: number;
  bytes: Uint8Array;
}

/**
 * The thumbnails that could be read, in order; each that could not is
 * handed to `unreadable` (spec §8: a file not found is logged and skipped).
 */
export const readableThumbnails = (
  results: readonly ThumbnailResult[],
  unreadable: (fileID: number, errorName: string) => void,
): ThumbnailImage[] =>
  results.flatMap((result) => {
    if (result.ok) return [{ fileID: result.fileID, bytes: result.bytes }];
    unreadable(result.fileID, result.errorName);
    return [];
  });
