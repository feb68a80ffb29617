import { afterEach, describe, expect, it } from "vitest";
import { carryOutLegacyRenames, planLegacyRenames } from "./legacy-rename-plan";
import type { MigrationFile, MigrationLibrary } from "./migration-library";
import { type TempExportFolder, makeTempExportFolder } from "./test-support/temp-export-folder";

const folders: TempExportFolder[] = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((folder) => folder.remove()));
});

const folderWith = async (tree: Record<string, string>): Promise<TempExportFolder> => {
  const folder = await makeTempExportFolder(tree);
  folders.push(folder);
  return folder;
};

const file = (id: number, title: string, isLivePhoto = false): MigrationFile => ({
  id,
  collectionID: 1,
  updationTime: 7,
  title,
  isLivePhoto,
});
const keyOf = (id: number): string => `${String(id)}_1_7`;

const libraryOf = (files: MigrationFile[], name = "Trip"): MigrationLibrary => ({
  collections: [{ id: 1, name }],
  files,
});

/** Plans and carries out the migration of `tree`; returns the names and what is on disk. */
const migrateLegacy = async (
  tree: Record<string, string>,
  library: MigrationLibrary,
  exportedIDs = library.files.map(({ id }) => id),
) => {
  const folder = await folderWith(tree);
  const plan = await planLegacyRenames(folder.fs, library, new Set(exportedIDs.map(keyOf)));
  const outcome = await carryOutLegacyRenames(folder.fs, plan);
  return { plan, outcome, snapshot: await folder.snapshot() };
};

describe("the migration of a version 0 folder", () => {
  it("does not give a folder a name the export folder already has", async () => {
    const { outcome, snapshot } = await migrateLegacy(
      { "1_Trip/5_a.jpg": "five", "Trip/mine.txt": "the user's", "trip(1)/x": "another" },
      libraryOf([file(5, "a.jpg")]),
    );
    // `trip(1)` is taken too, whatever the case: macOS and Windows ignore it.
    expect(outcome.collectionFolderNames).toEqual({ "1": "Trip(2)" });
    expect(snapshot["Trip(2)/a.jpg"]).toBe("five");
    expect(snapshot["Trip/mine.txt"]).toBe("the user's");
  });

  it("numbers files in ID order, each file after the ones before it", async () => {
    const { outcome } = await migrateLegacy(
      { "1_Trip/9_a.jpg": "nine", "1_Trip/5_a.jpg": "five", "1_Trip/7_A.JPG": "seven" },
      libraryOf([file(9, "a.jpg"), file(5, "a.jpg"), file(7, "A.JPG")]),
    );
    expect(outcome.fileExportNames).toEqual({
      [keyOf(5)]: "a.jpg",
      [keyOf(7)]: "A(1).JPG",
      [keyOf(9)]: "a(2).jpg",
    });
  });

  it("neither renames nor records a file not exported", async () => {
    const { outcome, snapshot } = await migrateLegacy(
      { "1_Trip/5_a.jpg": "five" },
      libraryOf([file(5, "a.jpg")]),
      [],
    );
    expect(outcome.fileExportNames).toEqual({});
    expect(snapshot["Trip/5_a.jpg"]).toBe("five");
  });

  it("gives a live photo's lone part today's name, but does not record it", async () => {
    const { outcome, snapshot } = await migrateLegacy(
      { "1_Trip/5_IMG.mov": "video", "1_Trip/metadata/5_IMG.mov.json": "sidecar" },
      libraryOf([file(5, "IMG.HEIC", true)]),
    );
    expect(outcome.fileExportNames).toEqual({});
    expect(snapshot["Trip/IMG.mov"]).toBe("video");
    expect(snapshot["Trip/metadata/IMG.mov.json"]).toBe("sidecar");
  });

  it("leaves a collection without a version 0 folder out", async () => {
    const { plan } = await migrateLegacy({ "Trip/a.jpg": "new" }, libraryOf([file(5, "a.jpg")]));
    expect(plan).toEqual({ collectionFolderNames: {}, fileExportNames: {}, renames: [] });
  });

  it("never overwrites: a rename whose target appeared since the plan is not made, nor recorded", async () => {
    const folder = await folderWith({
      "1_Trip/5_a.jpg": "five",
      "1_Trip/6_b.jpg": "six",
      "1_Trip/metadata/5_a.jpg.json": "sidecar five",
    });
    const library = libraryOf([file(5, "a.jpg"), file(6, "b.jpg")]);
    const plan = await planLegacyRenames(folder.fs, library, new Set([keyOf(5), keyOf(6)]));
    // The user puts a file where the plan sends one.
    await folder.fs.replaceText("1_Trip/a.jpg", "the user's");

    const outcome = await carryOutLegacyRenames(folder.fs, plan);

    expect(outcome.fileExportNames).toEqual({ [keyOf(6)]: "b.jpg" });
    const snapshot = await folder.snapshot();
    expect(snapshot["Trip/a.jpg"]).toBe("the user's");
    expect(snapshot["Trip/5_a.jpg"]).toBe("five");
    expect(snapshot["Trip/b.jpg"]).toBe("six");
  });

  it("forgets a collection whose folder could not take its name, with its files", async () => {
    const folder = await folderWith({ "1_Trip/5_a.jpg": "five" });
    const library = libraryOf([file(5, "a.jpg")]);
    const plan = await planLegacyRenames(folder.fs, library, new Set([keyOf(5)]));
    await folder.fs.makeFolder("Trip");
    await folder.fs.replaceText("Trip/theirs.txt", "the user's");

    expect(await carryOutLegacyRenames(folder.fs, plan)).toEqual({
      collectionFolderNames: {},
      fileExportNames: {},
    });
    expect((await folder.snapshot())["1_Trip/5_a.jpg"]).toBe("five");
  });
});
