// The organizing actions in the sync worker: each is shown at once as a
// patch over the library, runs its server calls (one action at a time),
// and is dropped once the pull that follows holds the change, or rolled
// back with a code when the server refuses.
// See: [Note: Optimistic patches overlay the stored library]
// See: [Note: An action is planned twice: for the view, then against the stored library]

import type { ApiClient } from "../../../shared/api/client";
import type { CryptoPool } from "../../crypto/pool";
import { createCollection } from "../../library/collection-operations";
import type { DecryptedCollection, DecryptedFile } from "../../library/decrypted-records";
import { StaleMagicMetadataError } from "../../library/file-operations";
import type { LibraryKeyring } from "../../library/keyring";
import type { LibraryDeps } from "../../library/library-deps";
import type {
  ActionErrorCode,
  ActionOutcome,
  LibraryAction,
  LibraryReader,
} from "../gallery-contract";
import { ActionRefusedError, actionErrorCode } from "./action-errors";
import {
  type ActionPlanner,
  type ExecutionContext,
  type PlanEnvironment,
  type SpecialCollectionKind,
  findSpecialCollection,
  specialCollectionSpec,
} from "./action-plan";
import {
  planCollectionOperation,
  planCreateAlbum,
  planDeleteAlbum,
  planPinAlbum,
  planRenameAlbum,
  planSetAlbumCover,
  planSetAlbumSort,
} from "./collection-actions";
import {
  planArchive,
  planDeletePermanently,
  planEmptyTrash,
  planFavorite,
  planHide,
  planRestore,
  planTrash,
  planUnhide,
} from "./file-actions";
import { planEditFile, planFixTime } from "./file-edits";
import {
  planCreateLink,
  planDisableLink,
  planLeaveAlbum,
  planShareAlbum,
  planUnshareAlbum,
  planUpdateLink,
} from "./sharing-actions";
import type { LibraryPatch } from "./library-patch";
import { PatchOverlay } from "./patch-overlay";
import { filesOfAction, isUndoable, readFileStates, undoActions } from "./undo";

export interface LibraryActionsDeps {
  /** The stored library (the sync worker's index), read live. */
  base: LibraryReader;
  userID: number;
  pool: CryptoPool;
  /** New collection keys (favorites, uncategorized, the hidden album, new albums) are wrapped by it. */
  keyring: LibraryKeyring;
  /** The API client with the current session token. */
  api: () => ApiClient;
  /** A pull, after the server accepted an action; settles when its changes are stored. */
  sync: () => Promise<unknown>;
  /** The library as views read it changed (a patch was added or dropped). */
  notify: () => void;
  /** The EXIF creation time of a file's original, µs (see `createExifCreationTime`). */
  exifCreationTimeUs: (file: DecryptedFile) => Promise<number | undefined>;
  /** ms since the epoch (defaults to `Date.now`). */
  nowMs?: () => number;
  /** Where an unexpected failure's cause is reported (defaults to `console.error`). */
  logUnexpected?: (message: string, cause: unknown) => void;
}

export interface LibraryActions {
  perform(action: LibraryAction): Promise<ActionOutcome>;
  /** `base` with every pending patch applied, read live; never a copy. */
  reader(base: LibraryReader): LibraryReader;
  /** Actions shown but not yet settled. */
  readonly pendingCount: number;
}

/** The planner of an action. */
export const plannerFor = (action: LibraryAction): ActionPlanner => {
  switch (action.kind) {
    case "favorite":
      return planFavorite(action.fileIDs, action.favorite);
    case "archive":
      return planArchive(action.fileIDs, action.archived);
    case "hide":
      return planHide(action.fileIDs);
    case "unhide":
      return planUnhide(action.fileIDs, action.toCollectionID);
    case "trash":
      return planTrash(action.fileIDs);
    case "restore":
      return planRestore(action.fileIDs, action.toCollectionID, action.homelessTo);
    case "delete-permanently":
      return planDeletePermanently(action.fileIDs);
    case "empty-trash":
      return planEmptyTrash();
    case "collection-operation":
      return planCollectionOperation(action);
    case "create-album":
      return planCreateAlbum(action.name, action.fileIDs);
    case "rename-album":
      return planRenameAlbum(action.collectionID, action.name);
    case "delete-album":
      return planDeleteAlbum(action.collectionID, action.keepFiles);
    case "pin-album":
      return planPinAlbum(action.collectionID, action.pinned);
    case "set-album-cover":
      return planSetAlbumCover(action.collectionID, action.fileID);
    case "set-album-sort":
      return planSetAlbumSort(action.collectionID, action.ascending);
    case "fix-time":
      return planFixTime(action.fileIDs, action.source, action.timeUs);
    case "edit-file":
      return planEditFile(action.fileID, action);
    case "share-album":
      return planShareAlbum(action.collectionID, action.email, action.role);
    case "unshare-album":
      return planUnshareAlbum(action.collectionID, action.email);
    case "leave-album":
      return planLeaveAlbum(action.collectionID);
    case "create-link":
      return planCreateLink(action.collectionID, action.settings);
    case "update-link":
      return planUpdateLink(action.collectionID, action.settings);
    case "disable-link":
      return planDisableLink(action.collectionID);
  }
};

export const createLibraryActions = (deps: LibraryActionsDeps): LibraryActions => {
  const overlay = new PatchOverlay();
  const nowMs = deps.nowMs ?? (() => Date.now());
  const logUnexpected =
    deps.logUnexpected ??
    ((message: string, cause: unknown) => {
      console.error(message, cause);
    });
  const env: PlanEnvironment = {
    userID: deps.userID,
    nowMs,
    provisionalCollectionID: () => overlay.provisionalCollectionID(),
    exifCreationTimeUs: deps.exifCreationTimeUs,
  };
  /** Actions run one after another. See: [Note: An action is planned twice: for the view, then against the stored library] */
  let queue: Promise<unknown> = Promise.resolve();

  const failure = (error: unknown, action: LibraryAction): ActionOutcome => {
    const code: ActionErrorCode = actionErrorCode(error);
    if (code === "unknown") logUnexpected(`The action ${action.kind} failed`, error);
    const refusedFileIDs = error instanceof ActionRefusedError ? error.refusedFileIDs : undefined;
    return {
      ok: false,
      code,
      ...(refusedFileIDs === undefined ? {} : { refusedFileIDs: [...refusedFileIDs] }),
    };
  };

  const quietSync = async () => {
    try {
      await deps.sync();
    } catch (e) {
      logUnexpected("The pull after an action failed", e);
    }
  };

  /** What the calls run with; collections made now are named by their real ID in every patch. */
  const executionContext = (shown: LibraryPatch): ExecutionContext => {
    const libraryDeps: LibraryDeps = {
      api: deps.api(),
      pool: deps.pool,
      keyring: deps.keyring,
      userID: deps.userID,
    };
    const created = new Map<string, DecryptedCollection>();
    const resolve = (what: string, collection: DecryptedCollection) => {
      created.set(what, collection);
      const provisionalID = shown.provisional.get(what);
      if (provisionalID === undefined || provisionalID === collection.id) return;
      overlay.resolveCollection(provisionalID, collection);
      deps.notify();
    };
    return {
      deps: libraryDeps,
      base: deps.base,
      ensureSpecial: async (kind: SpecialCollectionKind) => {
        const collection =
          created.get(kind) ??
          findSpecialCollection(deps.base, kind) ??
          (await createCollection(libraryDeps, specialCollectionSpec(kind)));
        resolve(kind, collection);
        return collection;
      },
      createAlbum: async (name) => {
        const collection =
          created.get("album") ?? (await createCollection(libraryDeps, { name, type: "album" }));
        resolve("album", collection);
        return collection;
      },
    };
  };

  /**
   * Plans against the stored library and runs the calls; a stale magic-
   * metadata version (another device wrote the file first) is re-read by a
   * pull and tried once more.
   */
  const run = async (planner: ActionPlanner, shown: LibraryPatch) => {
    const attempt = async () => {
      const plan = await planner(deps.base, env);
      return plan.run(executionContext(shown));
    };
    try {
      return await attempt();
    } catch (e) {
      if (!(e instanceof StaleMagicMetadataError)) throw e;
      await deps.sync();
      return attempt();
    }
  };

  return {
    async perform(action) {
      let planner: ActionPlanner;
      let shown: LibraryPatch;
      // As the person saw the files: the undo puts them back so.
      const before = isUndoable(action)
        ? readFileStates(overlay.reader(deps.base), filesOfAction(action))
        : undefined;
      try {
        planner = plannerFor(action);
        shown = (await planner(overlay.reader(deps.base), env)).patch;
      } catch (e) {
        return failure(e, action);
      }
      overlay.add(shown);
      deps.notify();
      const settled = queue.then(async (): Promise<ActionOutcome> => {
        try {
          const result = await run(planner, shown);
          // Dropped once the pull holds the change: the view does not flicker.
          await quietSync();
          overlay.drop(shown);
          deps.notify();
          const undo =
            before === undefined
              ? []
              : undoActions(action, before, readFileStates(deps.base, filesOfAction(action)));
          return {
            ok: true,
            changedCount: result.changedCount,
            ...(result.collectionID === undefined ? {} : { collectionID: result.collectionID }),
            ...(undo.length === 0 ? {} : { undo }),
          };
        } catch (e) {
          overlay.drop(shown);
          deps.notify();
          // Batches before the refused one may be stored: the pull shows what the server holds.
          if (!(e instanceof ActionRefusedError)) await quietSync();
          return failure(e, action);
        }
      });
      queue = settled;
      return settled;
    },

    reader: (base) => overlay.reader(base),

    get pendingCount() {
      return overlay.pendingCount;
    },
  };
};
