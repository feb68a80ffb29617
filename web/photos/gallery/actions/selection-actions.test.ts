import { describe, expect, it } from "vitest";
import { summaryOf } from "../test-support/gallery-views";
import type { ViewKind } from "../view-kind";
import { directAction, selectionActions, type SelectionActionKey } from "./selection-actions";

describe("the selection bar's actions per view", () => {
  it.each<[ViewKind, SelectionActionKey[]]>([
    [
      "all",
      [
        "favorite",
        "add-to-album",
        "create-album",
        "archive",
        "hide",
        "fix-time",
        "trash",
        "download",
        "download-zip",
      ],
    ],
    [
      "archive",
      [
        "unarchive",
        "favorite",
        "add-to-album",
        "create-album",
        "hide",
        "fix-time",
        "trash",
        "download",
        "download-zip",
      ],
    ],
    ["trash", ["restore", "delete-permanently"]],
    ["hidden", ["unhide", "trash", "download", "download-zip"]],
    [
      "favorites",
      [
        "unfavorite",
        "add-to-album",
        "create-album",
        "archive",
        "hide",
        "fix-time",
        "trash",
        "download",
        "download-zip",
      ],
    ],
    [
      "album",
      [
        "favorite",
        "add-to-album",
        "move-to-album",
        "remove-from-album",
        "create-album",
        "archive",
        "hide",
        "fix-time",
        "trash",
        "download",
        "download-zip",
      ],
    ],
    [
      "shared-with-me",
      ["favorite", "add-to-album", "remove-from-album", "create-album", "download", "download-zip"],
    ],
  ])("%s offers %j for two files", (kind, actions) => {
    expect(selectionActions(kind, undefined, 2)).toEqual(actions);
  });

  it("offers no zip for one file, and 'use as cover' for one file of an owned album", () => {
    const owned = summaryOf({ id: 5, name: "Trips" });
    expect(selectionActions("album", owned, 1)).toContain("use-as-cover");
    expect(selectionActions("album", owned, 1)).not.toContain("download-zip");
    expect(selectionActions("album", owned, 2)).not.toContain("use-as-cover");
    expect(selectionActions("album", { ...owned, isOwned: false }, 1)).not.toContain(
      "use-as-cover",
    );
  });

  it.each([
    ["favorite", { kind: "favorite", fileIDs: [1, 2], favorite: true }],
    ["unfavorite", { kind: "favorite", fileIDs: [1, 2], favorite: false }],
    ["archive", { kind: "archive", fileIDs: [1, 2], archived: true }],
    ["unarchive", { kind: "archive", fileIDs: [1, 2], archived: false }],
    ["hide", { kind: "hide", fileIDs: [1, 2] }],
    ["unhide", { kind: "unhide", fileIDs: [1, 2] }],
    ["restore", { kind: "restore", fileIDs: [1, 2] }],
    [
      "remove-from-album",
      { kind: "collection-operation", operation: 2, fileIDs: [1, 2], fromCollectionID: 7 },
    ],
    ["use-as-cover", { kind: "set-album-cover", collectionID: 7, fileID: 1 }],
    ["trash", undefined],
    ["add-to-album", undefined],
    ["download", undefined],
  ] as const)("%s performs %o directly", (key, action) => {
    expect(directAction(key, [1, 2], 7)).toEqual(action);
  });
});
