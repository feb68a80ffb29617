import { afterEach, describe, expect, it } from "vitest";
import {
  type FileExportName,
  decodeFileExportName,
  encodeFileExportName,
} from "../../../shared/model/export/export-record";
import type { MigrationFile } from "./migration-library";
import { rebuildFileExportNames } from "./rebuild-export-names";
import { type TempExportFolder, makeTempExportFolder } from "./test-support/temp-export-folder";

const folders: TempExportFolder[] = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((folder) => folder.remove()));
});

const file = (id: number, title: string, isLivePhoto = false): MigrationFile => ({
  id,
  collectionID: 1,
  updationTime: 7,
  title,
  isLivePhoto,
});
const keyOf = (id: number): string => `${String(id)}_1_7`;

/** The names rebuilt for `files` (all exported) from a folder `Trip` holding `fileNames`. */
const rebuild = async (
  fileNames: string[],
  files: MigrationFile[],
  known: Record<string, FileExportName> = {},
): Promise<Record<string, FileExportName>> => {
  const folder = await makeTempExportFolder(
    Object.fromEntries(fileNames.map((name) => [`Trip/${name}`, name])),
  );
  folders.push(folder);
  const names = await rebuildFileExportNames({
    fs: folder.fs,
    library: { collections: [{ id: 1, name: "Trip" }], files },
    exportedKeys: new Set(files.map(({ id }) => keyOf(id))),
    collectionFolderNames: { "1": "Trip" },
    knownFileNames: Object.fromEntries(
      Object.entries(known).map(([key, name]) => [key, encodeFileExportName(name)]),
    ),
  });
  return Object.fromEntries(
    Object.entries(names).map(([key, stored]) => [key, decodeFileExportName(stored)]),
  );
};

describe("rebuilding the names of version 2", () => {
  it.each([
    {
      case: "clashing titles are numbered in ID order",
      disk: ["a.jpg", "a(1).jpg", "a(2).jpg"],
      files: [file(3, "a.jpg"), file(1, "a.jpg"), file(2, "a.jpg")],
      names: { [keyOf(1)]: "a.jpg", [keyOf(2)]: "a(1).jpg", [keyOf(3)]: "a(2).jpg" },
    },
    {
      case: "a file deleted by hand still took its name when exported",
      disk: ["a(1).jpg"],
      files: [file(1, "a.jpg"), file(2, "a.jpg")],
      names: { [keyOf(2)]: "a(1).jpg" },
    },
    {
      case: "titles are sanitised",
      disk: ["what_ now_.png"],
      files: [file(1, 'what? now".png')],
      names: { [keyOf(1)]: "what_ now_.png" },
    },
    {
      case: "a live photo takes the parts with its title's extension",
      disk: ["IMG.heic", "IMG.jpg", "IMG.mov"],
      files: [file(1, "IMG.JPG", true)],
      names: { [keyOf(1)]: { image: "IMG.jpg", video: "IMG.mov" } },
    },
    {
      case: "a live photo whose title's extension is not on disk takes another image",
      disk: ["IMG.jpg", "IMG.mp4"],
      files: [file(1, "IMG.HEIC", true)],
      names: { [keyOf(1)]: { image: "IMG.jpg", video: "IMG.mp4" } },
    },
    {
      case: "live photos after one another are numbered per part",
      disk: ["IMG.heic", "IMG.mov", "IMG(1).heic", "IMG(1).mov", "IMG.jpg", "IMG(2).mov"],
      files: [file(1, "IMG.heic", true), file(2, "IMG.heic", true), file(3, "IMG.jpg", true)],
      names: {
        [keyOf(1)]: { image: "IMG.heic", video: "IMG.mov" },
        [keyOf(2)]: { image: "IMG(1).heic", video: "IMG(1).mov" },
        [keyOf(3)]: { image: "IMG.jpg", video: "IMG(2).mov" },
      },
    },
    {
      case: "a live photo without its video is left out",
      disk: ["IMG.heic"],
      files: [file(1, "IMG.HEIC", true)],
      names: {},
    },
    {
      case: "a file replayed to a name not on disk is left out",
      disk: ["B.jpg"],
      files: [file(1, "b.jpg"), file(2, "B.jpg")],
      names: {},
    },
  ])("$case", async ({ disk, files, names }) => {
    expect(await rebuild(disk, files)).toEqual(names);
  });

  it("takes the names the migration from version 0 gave, when on disk, and numbers the rest after them", async () => {
    const names = await rebuild(
      ["a.jpg", "a(1).jpg", "IMG.heic", "IMG.mov"],
      [file(1, "a.jpg"), file(2, "a.jpg"), file(3, "IMG.HEIC", true), file(4, "c.jpg")],
      {
        [keyOf(1)]: "a(1).jpg",
        [keyOf(3)]: { image: "IMG.heic", video: "IMG.mov" },
        [keyOf(4)]: "gone.jpg",
      },
    );
    expect(names).toEqual({
      [keyOf(1)]: "a(1).jpg",
      [keyOf(2)]: "a.jpg",
      [keyOf(3)]: { image: "IMG.heic", video: "IMG.mov" },
    });
  });

  it("leaves out the files of a collection without a folder", async () => {
    const folder = await makeTempExportFolder({ "Trip/a.jpg": "a" });
    folders.push(folder);
    const names = await rebuildFileExportNames({
      fs: folder.fs,
      library: { collections: [], files: [{ ...file(1, "a.jpg"), collectionID: 2 }] },
      exportedKeys: new Set(["1_2_7"]),
      collectionFolderNames: { "1": "Trip" },
      knownFileNames: {},
    });
    expect(names).toEqual({});
  });
});
