import type { DB } from "../../db/db";
import { livePreviewObjectsOf } from "./file-data-repository";
import { previewObjectKey, previewObjectOfKey } from "./preview-objects";

// The keys of the preview objects that `file_data` rows name: those a
// permanent delete queues for deletion, and those the upload expiry must
// keep. See: [Note: A video preview replaces the one before]

/** The keys of the live preview objects of files, by file. */
export const livePreviewKeysOf = async (
  db: DB,
  fileIDs: readonly number[],
): Promise<{ fileID: number; type: string; objectKey: string }[]> =>
  (await livePreviewObjectsOf(db, fileIDs)).flatMap((row) =>
    row.object_id === null
      ? []
      : [
          {
            fileID: row.file_id,
            type: row.data_type,
            objectKey: previewObjectKey({
              ownerID: row.user_id,
              fileID: row.file_id,
              type: row.data_type,
              objectID: row.object_id,
            }),
          },
        ],
  );

/** Those of `objectKeys` that name a registered (live) preview object. */
export const registeredPreviewKeysAmong = async (
  db: DB,
  objectKeys: readonly string[],
): Promise<Set<string>> => {
  const fileIDs = objectKeys.flatMap((key) => {
    const preview = previewObjectOfKey(key);
    return preview === undefined ? [] : [preview.fileID];
  });
  if (fileIDs.length === 0) return new Set();
  const registered = new Set(
    (await livePreviewKeysOf(db, [...new Set(fileIDs)])).map((preview) => preview.objectKey),
  );
  return new Set(objectKeys.filter((key) => registered.has(key)));
};
