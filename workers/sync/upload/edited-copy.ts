// Saving the photo editor's result in the sync worker's library: the copy
// planned from its original, uploaded through the session's uploads, added
// to the original's other albums and, when asked, the original trashed,
// each step by the gallery's own actions.

import type { DecryptedCollection } from "../../library/decrypted-records";
import { CollectionOperation } from "../../../shared/model/library/collection-operation";
import type { ErrorMessageKey } from "../../../shared/model/error-messages";
import {
  type UploadResult,
  failureOutcomeOf,
  isInAlbumResult,
  uploadResultsInSummaryOrder,
} from "../../../shared/model/media/upload-outcomes";
import type {
  FinishedUpload,
  UploadProgressSnapshot,
} from "../../../shared/model/media/upload-progress";
import { actionErrorKey } from "../../gallery/actions/action-error-keys";
import { locateFiles } from "../../gallery/actions/action-plan";
import type { LibraryActions } from "../../gallery/actions/library-actions";
import type { GalleryEngine } from "../../gallery/engine/gallery-engine";
import type { LibraryReader } from "../../gallery/gallery-contract";
import type {
  EditedCopyOutcome,
  EditedCopyProgressListener,
  EditedCopyRequest,
} from "../../upload/edited-copy-contract";
import { type HoldingCollection, planEditedCopy } from "../../upload/edited-copy-plan";
import type { PickedFile, UploadTarget } from "../../upload/upload-contract";
import type { LibraryUploads } from "./library-uploads";

/**
 * [Note: An edited photo is saved as a copy beside its original]
 *
 * The editor never changes a file: an edit is a new JPEG, uploaded as a new
 * file named `<name>-edited.jpg` that keeps its original's moment (see
 * [Note: An edited copy keeps its original's moment]). It goes where the
 * original is, so that it shows beside it wherever the person looks: into
 * every collection holding the original that the user may add to, first
 * the album it was opened in. That is their own albums, folders and
 * uncategorized collection, their hidden album (the edit of a hidden photo
 * stays hidden), and albums shared with them where they collaborate (the
 * copy is then theirs, in their library too; see [Note: A collaborator's
 * upload is registered in their own library]). Favorites are left out:
 * favouring is something done to one file, not an album the photo is in,
 * and nobody favoured the edit yet. When no collection qualifies (someone
 * else's photo in an album the user only views, a photo in the trash), the
 * copy goes to the user's library: the edit is theirs either way.
 *
 * Replacing the original is a trash, never a deletion: the original stays
 * restorable from the trash, and only its owner may do it (refused before
 * anything is uploaded). The steps go in the order that loses nothing: the
 * copy is uploaded, added to the other albums, and only when all of that
 * went through is the original trashed; a step that fails stops there and
 * the answer names the copy already saved. When the edit's bytes are the
 * original's own (the upload finds the original itself), there is no copy
 * to keep instead, and the original is not trashed.
 */

/** What saving an edited copy uses of the loaded library. */
export interface EditedCopyDeps {
  engine: Pick<GalleryEngine, "fileByID">;
  /** The library as views show it now. */
  reader: () => LibraryReader;
  actions: Pick<LibraryActions, "perform">;
  uploads: () => Promise<Pick<LibraryUploads, "upload">>;
  nowMs: () => number;
}

/**
 * The last number given to an edited copy's pick. The page numbers its own
 * picks from 1 up, and a save may join a run of the page's: the worker's
 * picks are numbered below zero so that the copy's result is found among
 * theirs. See: [Note: Retrying exactly the files that failed]
 */
let lastCopyPickID = 0;

const failed = (errorKey: ErrorMessageKey, savedFileID?: number): EditedCopyOutcome => ({
  kind: "failed",
  errorKey,
  ...(savedFileID === undefined ? {} : { savedFileID }),
});

/** The user's role in someone else's collection lets them add their files (the server's rule). */
const collaboratesOn = (collection: DecryptedCollection, userID: number): boolean => {
  const role = collection.sharees.find((sharee) => sharee.id === userID)?.role;
  return role === "COLLABORATOR" || role === "ADMIN";
};

/** The collections holding a file, as the plan judges them. */
const holdingCollections = (reader: LibraryReader, fileID: number): HoldingCollection[] =>
  (locateFiles(reader, [fileID]).get(fileID) ?? []).flatMap((entry) => {
    const collection = reader.collection(entry.collectionID);
    if (collection === undefined) return [];
    return [
      {
        id: collection.id,
        type: collection.type,
        ownerID: collection.owner.id,
        isCollaborator: collaboratesOn(collection, reader.userID),
        isDeleted: collection.isDeleted,
      },
    ];
  });

interface PickResult {
  result: UploadResult;
  entry: FinishedUpload;
}

/** The result of one pick in a run's snapshot, once it has one. */
const resultOfPick = (snapshot: UploadProgressSnapshot, pickID: number): PickResult | undefined => {
  for (const result of uploadResultsInSummaryOrder) {
    const entry = snapshot.results[result].find((finished) => finished.pickIDs.includes(pickID));
    if (entry !== undefined) return { result, entry };
  }
  return undefined;
};

type UploadedCopy =
  { kind: "uploaded"; fileID: number } | { kind: "failed"; errorKey: ErrorMessageKey };

/** What became of the copy: its file, or why it did not go in (not listed: the run was cancelled or ended). */
const uploadedCopyOf = (
  snapshot: UploadProgressSnapshot,
  found: PickResult | undefined,
): UploadedCopy => {
  if (found === undefined) {
    return {
      kind: "failed",
      errorKey: snapshot.cancelled ? "uploadCancelled" : (snapshot.endedBy ?? "unknownError"),
    };
  }
  const { result, entry } = found;
  if (isInAlbumResult(result) && entry.fileID !== undefined) {
    return { kind: "uploaded", fileID: entry.fileID };
  }
  return { kind: "failed", errorKey: entry.errorKey ?? snapshot.endedBy ?? "unknownError" };
};

/**
 * Uploads the copy and answers as soon as its own result is known: a save
 * made while the page's upload runs joins that run, whose end may be long after.
 */
const uploadCopy = async (
  deps: EditedCopyDeps,
  picked: PickedFile & { pickID: number },
  target: UploadTarget,
  onProgress: EditedCopyProgressListener,
): Promise<UploadedCopy> => {
  const { pickID } = picked;
  let settled = false;
  let shownPercent = 0;
  let answer: (copy: UploadedCopy) => void = () => undefined;
  const answered = new Promise<UploadedCopy>((resolve) => {
    answer = resolve;
  });
  const onSnapshot = (snapshot: UploadProgressSnapshot) => {
    if (settled) return;
    const found = resultOfPick(snapshot, pickID);
    if (found !== undefined) {
      answer(uploadedCopyOf(snapshot, found));
      return;
    }
    // A run joined later grows its total: the bar does not go back.
    shownPercent = Math.max(shownPercent, snapshot.overallPercent);
    onProgress(shownPercent);
  };
  const ended = (async () => {
    try {
      const uploads = await deps.uploads();
      const final = await uploads.upload({ files: [picked], target }, onSnapshot);
      return uploadedCopyOf(final, resultOfPick(final, pickID));
    } catch (error) {
      return {
        kind: "failed",
        errorKey: failureOutcomeOf(error).errorKey ?? "unknownError",
      } satisfies UploadedCopy;
    }
  })();
  const copy = await Promise.race([answered, ended]);
  settled = true;
  if (copy.kind === "uploaded") onProgress(100);
  return copy;
};

/** The collections holding a file in the library as views show it now. */
const collectionsOf = (reader: LibraryReader, fileID: number): number[] =>
  (locateFiles(reader, [fileID]).get(fileID) ?? []).map((entry) => entry.collectionID);

export const saveEditedCopy = async (
  deps: EditedCopyDeps,
  request: EditedCopyRequest,
  onProgress: EditedCopyProgressListener,
): Promise<EditedCopyOutcome> => {
  const original = deps.engine.fileByID(request.originalFileID);
  if (original === undefined) return failed("fileNotFound");
  const reader = deps.reader();
  const plan = planEditedCopy({
    original,
    holding: holdingCollections(reader, original.id),
    userID: reader.userID,
    viewID: request.viewID,
  });
  // See: [Note: An edited photo is saved as a copy beside its original]
  if (request.replaceOriginal && !plan.mayReplaceOriginal) return failed("notFileOwner");

  lastCopyPickID -= 1;
  const file = new File([request.image], plan.fileName, {
    type: "image/jpeg",
    lastModified: deps.nowMs(),
  });
  const copy = await uploadCopy(
    deps,
    { file, folderPath: "", copyOf: plan.copyOf, pickID: lastCopyPickID },
    plan.target,
    onProgress,
  );
  if (copy.kind === "failed") return failed(copy.errorKey);
  const { fileID } = copy;

  for (const albumID of plan.otherAlbumIDs) {
    const added = await deps.actions.perform({
      kind: "collection-operation",
      operation: CollectionOperation.add,
      fileIDs: [fileID],
      toCollectionID: albumID,
    });
    if (!added.ok) return failed(actionErrorKey(added.code), fileID);
  }

  const replacing = request.replaceOriginal && fileID !== original.id;
  if (replacing) {
    const trashed = await deps.actions.perform({ kind: "trash", fileIDs: [original.id] });
    if (!trashed.ok) return failed(actionErrorKey(trashed.code), fileID);
  }

  const placed = plan.target.kind === "album" ? [plan.target.collectionID] : [];
  return {
    kind: "saved",
    fileID,
    fileName: plan.fileName,
    // The albums it was put in, and any other the library shows it in (the
    // user's library, for a copy registered there first).
    collectionIDs: [
      ...new Set([...placed, ...plan.otherAlbumIDs, ...collectionsOf(deps.reader(), fileID)]),
    ],
    originalTrashed: replacing,
  };
};
