import { describe, expect, it } from "vitest";
import type { ActionErrorCode, LibraryAction } from "../../../../workers/gallery/gallery-contract";
import { refusalDisplay, successMessage, undoableMessage } from "./action-messages";

const hide: LibraryAction = { kind: "hide", fileIDs: [1] };

describe("refusal messages", () => {
  it.each<[ActionErrorCode, string]>([
    ["not-file-owner", "gallery.actions.error.notFileOwner"],
    ["invalid-collection-operation", "gallery.actions.error.invalidCollectionOperation"],
    ["network", "error.network"],
    ["stale", "error.unknown"],
    ["not-found", "gallery.actions.error.notFound"],
    ["no-exif-date", "gallery.actions.error.noMetadata"],
    ["storage-quota-exceeded", "error.storageQuotaExceeded"],
    ["unknown", "error.unknown"],
  ])("%s shows %s", (code, id) => {
    expect(refusalDisplay(code, hide)).toEqual({ kind: "error", message: { id } });
  });

  it("an expired session opens the session-expired dialog", () => {
    expect(refusalDisplay("session-expired", hide)).toEqual({ kind: "session-expired" });
  });

  it.each<LibraryAction>([
    { kind: "create-album", name: "Trips" },
    { kind: "rename-album", collectionID: 3, name: "Trips" },
  ])("a taken album name is named in the message ($kind)", (action) => {
    expect(refusalDisplay("album-name-taken", action)).toEqual({
      kind: "error",
      message: { id: "gallery.actions.error.albumNameTaken", values: { name: "Trips" } },
    });
  });
});

describe("success toasts", () => {
  const done = { ok: true as const, changedCount: 3 };
  it.each<[LibraryAction, string | undefined]>([
    [{ kind: "trash", fileIDs: [1, 2, 3] }, "gallery.actions.done.trashed"],
    [{ kind: "restore", fileIDs: [1] }, "gallery.actions.done.restored"],
    [{ kind: "delete-permanently", fileIDs: [1] }, "gallery.actions.done.deleted"],
    [{ kind: "hide", fileIDs: [1] }, "gallery.actions.done.hidden"],
    [{ kind: "unhide", fileIDs: [1] }, "gallery.actions.done.unhidden"],
    [{ kind: "archive", fileIDs: [1], archived: true }, "gallery.actions.done.archived"],
    [{ kind: "archive", fileIDs: [1], archived: false }, "gallery.actions.done.unarchived"],
    [
      { kind: "collection-operation", operation: 0, fileIDs: [1], toCollectionID: 2 },
      "gallery.actions.done.added",
    ],
    [
      {
        kind: "collection-operation",
        operation: 1,
        fileIDs: [1],
        toCollectionID: 2,
        fromCollectionID: 3,
      },
      "gallery.actions.done.moved",
    ],
    [
      { kind: "collection-operation", operation: 2, fileIDs: [1], fromCollectionID: 3 },
      "gallery.actions.done.removed",
    ],
    [{ kind: "collection-operation", operation: 9, fileIDs: [1] }, undefined],
    [{ kind: "fix-time", fileIDs: [1], source: "exif" }, "gallery.actions.done.timeFixed"],
    [{ kind: "empty-trash" }, "gallery.actions.done.trashEmptied"],
    [{ kind: "favorite", fileIDs: [1], favorite: true }, undefined],
    [{ kind: "pin-album", collectionID: 1, pinned: true }, undefined],
    [{ kind: "edit-file", fileID: 1, caption: "x" }, undefined],
  ])("%o toasts %s", (action, id) => {
    expect(successMessage(action, done)?.id).toBe(id);
  });

  it("counts the files changed, and names a created album", () => {
    expect(successMessage({ kind: "trash", fileIDs: [1, 2, 3, 4] }, done)?.values).toEqual({
      count: 3,
    });
    expect(successMessage({ kind: "create-album", name: "Trips" }, done)?.values).toEqual({
      name: "Trips",
    });
  });
});

describe("toasts with Undo", () => {
  const done = { ok: true as const, changedCount: 2 };
  it("say what a favorite changed, which otherwise shows only in place", () => {
    expect(undoableMessage({ kind: "favorite", fileIDs: [1, 2], favorite: true }, done)).toEqual({
      id: "gallery.actions.done.favorited",
      values: { count: 2 },
    });
    expect(undoableMessage({ kind: "favorite", fileIDs: [1], favorite: false }, done)?.id).toBe(
      "gallery.actions.done.unfavorited",
    );
  });

  it("keep every other action's own message", () => {
    expect(undoableMessage({ kind: "trash", fileIDs: [1, 2] }, done)?.id).toBe(
      "gallery.actions.done.trashed",
    );
  });
});
