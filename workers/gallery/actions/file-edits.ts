// Edits of a file's public magic metadata (spec §3 "File"): fixing the time
// of a selection (its EXIF date or a custom one) and the viewer's edits of
// caption, name and date. Only a file's owner may write them.

import type { MagicMetadataChanges } from "../../../shared/model/library/magic-metadata-update";
import type { DecryptedFile } from "../../library/decrypted-records";
import { updateFilesMagicMetadata } from "../../library/file-operations";
import { ActionRefusedError } from "./action-errors";
import {
  type ActionPlanner,
  emptyPlan,
  ensureOwnFiles,
  locateFiles,
  locatedFiles,
} from "./action-plan";
import { LibraryPatch } from "./library-patch";

/**
 * EXIF reads of one fix-time action at once: each downloads the start of an
 * original, so two keep the network busy without starving the gallery's
 * thumbnails of the connection.
 */
const exifReadsInParallel = 2;

/** Plans public magic-metadata changes per file; files already so are left alone. */
const publicEditPlan = (
  changesByFile: ReadonlyMap<number, MagicMetadataChanges>,
  files: readonly DecryptedFile[],
) => {
  const isSame = (file: DecryptedFile, changes: MagicMetadataChanges) =>
    Object.entries(changes).every(([key, value]) => {
      const current = file.pubMagicMetadata?.data[key];
      return value === null ? current === undefined : current === value;
    });
  const edits = files.flatMap((file) => {
    const changes = changesByFile.get(file.id);
    return changes === undefined || isSame(file, changes) ? [] : [{ file, changes }];
  });
  const patch = new LibraryPatch();
  for (const { file, changes } of edits) patch.editFile(file.id, { public: changes });
  return {
    patch,
    run: async ({ deps }: { deps: Parameters<typeof updateFilesMagicMetadata>[0] }) => {
      await updateFilesMagicMetadata(deps, "public", edits);
      return { changedCount: edits.length };
    },
  };
};

/** The EXIF times of files, read a few at a time; undefined where a file has none. */
const readExifTimes = async (
  files: readonly DecryptedFile[],
  exifCreationTimeUs: (file: DecryptedFile) => Promise<number | undefined>,
): Promise<Map<number, number | undefined>> => {
  const times = new Map<number, number | undefined>();
  let next = 0;
  const lane = async () => {
    while (next < files.length) {
      const file = files[next++];
      if (file !== undefined) times.set(file.id, await exifCreationTimeUs(file));
    }
  };
  await Promise.all(Array.from({ length: exifReadsInParallel }, lane));
  return times;
};

/**
 * Fix time: `editedTime` of each file, from its EXIF date or `timeUs`. With
 * EXIF, files without a date are skipped; when none has one the action is
 * refused with `no-exif-date` and those files.
 */
export const planFixTime = (
  fileIDs: readonly number[],
  source: "exif" | "custom",
  timeUs: number | undefined,
): ActionPlanner => {
  // Planned twice (view, then stored library): the originals are read once.
  let exifTimes: Promise<Map<number, number | undefined>> | undefined;
  return async (reader, env) => {
    const files = locatedFiles(fileIDs, locateFiles(reader, fileIDs));
    ensureOwnFiles(files, reader.userID);
    const changes = new Map<number, MagicMetadataChanges>();
    if (source === "custom") {
      if (timeUs === undefined || !Number.isFinite(timeUs)) {
        throw new RangeError("A custom fix-time needs a time");
      }
      for (const file of files) changes.set(file.id, { editedTime: timeUs });
    } else {
      exifTimes ??= readExifTimes(files, env.exifCreationTimeUs);
      const times = await exifTimes;
      const withoutDate: number[] = [];
      for (const file of files) {
        const time = times.get(file.id);
        if (time === undefined) withoutDate.push(file.id);
        else changes.set(file.id, { editedTime: time });
      }
      if (changes.size === 0) throw new ActionRefusedError("no-exif-date", withoutDate);
    }
    return publicEditPlan(changes, files);
  };
};

export interface FileEditFields {
  caption?: string | null | undefined;
  name?: string | null | undefined;
  timeUs?: number | null | undefined;
}

/** The viewer's edits of one file: each present field changes, null clears it. */
export const planEditFile =
  (fileID: number, { caption, name, timeUs }: FileEditFields): ActionPlanner =>
  (reader) => {
    const changes: Record<string, unknown> = {};
    if (caption !== undefined) changes.caption = caption;
    if (name !== undefined) changes.editedName = name;
    if (timeUs !== undefined) changes.editedTime = timeUs;
    if (Object.keys(changes).length === 0) return Promise.resolve(emptyPlan());
    const files = locatedFiles([fileID], locateFiles(reader, [fileID]));
    ensureOwnFiles(files, reader.userID);
    return Promise.resolve(publicEditPlan(new Map([[fileID, changes]]), files));
  };
