import { describe, expect, it } from "vitest";
import { FileType, Visibility } from "../../../../shared/model/library/file-metadata";
import { viewerActions, type ViewerAction, type ViewerActionContext } from "./viewer-actions";

const own = { isOwn: true, visibility: Visibility.visible, fileType: FileType.image };
const others = { isOwn: false, visibility: Visibility.visible, fileType: FileType.image };

describe("viewerActions", () => {
  it.each<[string, ViewerActionContext, ViewerAction[]]>([
    [
      "own file in all",
      { item: own, viewID: 0, canPickAlbums: true },
      ["favorite", "download", "copy", "add-to-album", "archive", "hide", "trash"],
    ],
    [
      "own archived file in the archive",
      {
        item: { ...own, visibility: Visibility.archived },
        viewID: -1,
        canPickAlbums: true,
      },
      ["favorite", "download", "copy", "add-to-album", "unarchive", "hide", "trash"],
    ],
    [
      "own file in an owned album",
      {
        item: own,
        viewID: 12,
        viewSummary: { isOwned: true, type: "album" },
        canPickAlbums: true,
      },
      ["favorite", "download", "copy", "add-to-album", "set-cover", "archive", "hide", "trash"],
    ],
    [
      "own photo where the page saves edited copies",
      { item: own, viewID: 0, canPickAlbums: true, canEdit: true },
      ["favorite", "download", "copy", "edit", "add-to-album", "archive", "hide", "trash"],
    ],
    [
      "own video where the page saves edited copies: nothing to edit",
      { item: { ...own, fileType: FileType.video }, viewID: 0, canPickAlbums: true, canEdit: true },
      ["favorite", "download", "add-to-album", "archive", "hide", "trash"],
    ],
    [
      "another user's photo in a shared album, edited into a copy of one's own",
      {
        item: others,
        viewID: 40,
        viewSummary: { isOwned: false, type: "incomingShareCollaborator" },
        canPickAlbums: true,
        canEdit: true,
      },
      ["download", "copy", "edit"],
    ],
    [
      "a photo in the trash: restored before it is edited",
      { item: own, viewID: -2, canPickAlbums: true, canEdit: true },
      ["download", "copy", "restore", "delete-permanently"],
    ],
    [
      "another user's file in a shared album",
      {
        item: others,
        viewID: 40,
        viewSummary: { isOwned: false, type: "incomingShareCollaborator" },
        canPickAlbums: true,
      },
      ["download", "copy"],
    ],
    [
      "a file in the trash",
      { item: own, viewID: -2, canPickAlbums: true },
      ["download", "copy", "restore", "delete-permanently"],
    ],
    [
      "own file among hidden items",
      { item: own, viewID: -4, canPickAlbums: true },
      ["favorite", "download", "copy", "unhide", "trash"],
    ],
    [
      "own file in the default hidden album",
      {
        item: own,
        viewID: 77,
        viewSummary: { isOwned: true, type: "defaultHidden" },
        canPickAlbums: true,
      },
      ["favorite", "download", "copy", "unhide", "trash"],
    ],
    [
      "no summaries to pick albums from",
      { item: own, viewID: 0, canPickAlbums: false },
      ["favorite", "download", "copy", "archive", "hide", "trash"],
    ],
    [
      "own live photo in all: its still is copied",
      { item: { ...own, fileType: FileType.livePhoto }, viewID: 0, canPickAlbums: false },
      ["favorite", "download", "copy", "archive", "hide", "trash"],
    ],
    [
      "own video in all: nothing to copy",
      { item: { ...own, fileType: FileType.video }, viewID: 0, canPickAlbums: false },
      ["favorite", "download", "archive", "hide", "trash"],
    ],
    [
      "another kind of file in the trash: nothing to copy",
      { item: { ...own, fileType: FileType.others }, viewID: -2, canPickAlbums: true },
      ["download", "restore", "delete-permanently"],
    ],
  ])("%s", (_name, context, expected) => {
    expect(viewerActions(context)).toEqual(expected);
  });
});
