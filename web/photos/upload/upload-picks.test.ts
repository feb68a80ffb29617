import { describe, expect, it } from "vitest";
import type { PickedFile } from "../../../workers/upload/upload-contract";
import {
  defaultAlbumName,
  folderAlbumNames,
  folderPathOfRelativePath,
  pickShapeOf,
  pickedFolderNames,
  picksOfFiles,
  type PickShape,
} from "./upload-picks";

/** Picks from "folder/path/name" strings ("name" alone is a loose file). */
const picks = (...paths: string[]): PickedFile[] =>
  paths.map((path) => {
    const parts = path.split("/");
    const name = parts.pop() ?? "";
    return { file: new File(["x"], name), folderPath: parts.join("/") };
  });

describe("folderPathOfRelativePath", () => {
  it.each([
    ["", ""],
    ["IMG_1.jpg", ""],
    ["Holiday/IMG_1.jpg", "Holiday"],
    ["Holiday/Day 1/IMG_1.jpg", "Holiday/Day 1"],
    ["Holiday//Day 1/IMG_1.jpg", "Holiday/Day 1"],
  ])("%j sits in %j", (relativePath, folderPath) => {
    expect(folderPathOfRelativePath(relativePath)).toBe(folderPath);
  });
});

describe("picksOfFiles", () => {
  it("keeps each file with the folders of its relative path (a folder input), else loose", () => {
    const inFolder = new File(["x"], "IMG_1.jpg");
    Object.defineProperty(inFolder, "webkitRelativePath", { value: "Holiday/Day 1/IMG_1.jpg" });
    const loose = new File(["x"], "notes.txt");
    // A browser's File from a plain file input has an empty relative path (Node's has none).
    Object.defineProperty(loose, "webkitRelativePath", { value: "" });
    expect(picksOfFiles([inFolder, loose])).toEqual([
      { file: inFolder, folderPath: "Holiday/Day 1" },
      { file: loose, folderPath: "" },
    ]);
  });
});

describe("pickShapeOf", () => {
  it.each<[string[], PickShape]>([
    [[], "empty"],
    [["a.jpg", "b.mov"], "loose-files"],
    [["Holiday/a.jpg", "Holiday/Day 1/b.jpg"], "folders"],
    [["Holiday/a.jpg", "Work/b.jpg"], "folders"],
    [["a.jpg", "Holiday/b.jpg"], "mixed"],
    [["Holiday/b.jpg", "Work/c.jpg", "a.jpg"], "mixed"],
  ])("%j is %s", (paths, shape) => {
    expect(pickShapeOf(picks(...paths))).toBe(shape);
  });
});

describe("the folder names of a pick", () => {
  it.each<[string[], string[], string[]]>([
    [["a.jpg"], [], []],
    [["Holiday/a.jpg", "Holiday/b.jpg"], ["Holiday"], ["Holiday"]],
    [
      ["Holiday/Day 2/a.jpg", "Holiday/Day 1/b.jpg", "Holiday/c.jpg"],
      ["Holiday"],
      ["Day 1", "Day 2", "Holiday"],
    ],
    [
      ["Work/x.jpg", "Beach/2023/a.jpg", "Mountains/2023/b.jpg"],
      ["Beach", "Mountains", "Work"],
      ["2023", "Work"],
    ],
  ])("%j: picked folders %j, one album per folder %j", (paths, picked, albums) => {
    expect(pickedFolderNames(picks(...paths))).toEqual(picked);
    expect(folderAlbumNames(picks(...paths))).toEqual(albums);
  });
});

describe("defaultAlbumName", () => {
  it.each<[string[], string]>([
    [["a.jpg", "b.jpg"], ""],
    [["Holiday/a.jpg", "Holiday/Day 1/b.jpg"], "Holiday"],
    [["Holiday/a.jpg", "Work/b.jpg"], ""],
    [["a.jpg", "Holiday/b.jpg"], ""],
  ])("%j: %j", (paths, name) => {
    expect(defaultAlbumName(picks(...paths))).toBe(name);
  });
});
