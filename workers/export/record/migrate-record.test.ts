import { beforeAll, describe, expect, it } from "vitest";
import {
  type ExportRecord,
  ExportStage,
  type FileExportName,
  decodeFileExportName,
  encodeFileExportName,
  exportRecordFileName,
  freshExportRecord,
  parseFileExportKey,
} from "../../../shared/model/export/export-record";
import type { ExportFS } from "../export-fs";
import { fixtureFolderTrees } from "./fixtures/folder-trees";
import type { MigrationLibrary } from "./migration-library";
import { ExportRecordTooNewError, ExportRecordUnreadableError } from "./record-errors";
import {
  fixtureLibrary,
  migrateFolder,
  recordOnDisk,
  useTempExportFolders,
} from "./test-support/record-fixtures";
import { type TempExportFolder, countingExportFS } from "./test-support/temp-export-folder";

let library: MigrationLibrary;
beforeAll(async () => {
  library = await fixtureLibrary();
});
const { folderWith: makeFolder, fixtureFolder } = useTempExportFolders();
const migrate = (folder: TempExportFolder, fs?: ExportFS) => migrateFolder(folder, library, fs);

// What the user has in the export folder, whatever version wrote it.
const expectedCollectionExportNames = {
  "10": "Summer 2019",
  "11": "Summer 2019(1)",
  "12": "Family_Kids",
  "13": "Trash(1)",
  "15": "Road trip_ 2020",
};
const expectedFileExportNames: Record<string, FileExportName> = {
  "100_10_1600000000000100": "IMG_0001.jpg",
  "101_10_1600000000000101": "IMG_0001(1).jpg",
  "102_10_1600000000000102": { image: "IMG_0002.heic", video: "IMG_0002.mov" },
  "103_10_1600000000000103": { image: "IMG_0002.jpg", video: "IMG_0002(1).mov" },
  "104_10_1600000000000104": "Beach day_ sunset.png",
  "107_10_1600000000000107": { image: "IMG_0003.jpeg", video: "IMG_0003.mp4" },
  "200_11_1600000000000200": "IMG_0001.jpg",
  "300_12_1600000000000300": "kid.jpg",
  "400_13_1600000000000400": "trash.jpg",
  "500_15_1600000000000500": "road.jpg",
};

/** Every name the record gives is on disk, holding that file (and its sidecar). */
const expectRecordMatchesDisk = (record: ExportRecord, snapshot: Record<string, string>): void => {
  for (const [key, stored] of Object.entries(record.fileExportNames)) {
    const parts = parseFileExportKey(key);
    expect(parts, key).toBeDefined();
    const folder = record.collectionExportNames[String(parts?.collectionID)];
    expect(folder, key).toBeDefined();
    const name = decodeFileExportName(stored);
    const files: [string, string][] =
      typeof name === "string"
        ? [[name, String(parts?.fileID)]]
        : [
            [name.image, `${String(parts?.fileID)} image`],
            [name.video, `${String(parts?.fileID)} video`],
          ];
    for (const [fileName, content] of files) {
      expect(snapshot[`${String(folder)}/${fileName}`], fileName).toBe(`file ${content}`);
      expect(snapshot[`${String(folder)}/metadata/${fileName}.json`], fileName).toBe(
        `sidecar ${content}`,
      );
    }
  }
  for (const folder of Object.values(record.collectionExportNames)) {
    expect(snapshot[`${folder}/metadata/`], folder).toBe("");
  }
};

/** The texts of the media files and sidecars, whatever their names. */
const contentsOf = (snapshot: Record<string, string>): string[] =>
  Object.entries(snapshot)
    .filter(([path]) => !path.endsWith("/") && path !== exportRecordFileName)
    .map(([, text]) => text)
    .sort();

describe("migrateExportRecord over the fixtures", () => {
  it.each([
    {
      version: 0,
      stage: ExportStage.finished,
      lastAttemptTimestamp: 1620000000000,
      loads: 1,
      kept: {},
    },
    {
      version: 1,
      stage: ExportStage.exportingFiles,
      lastAttemptTimestamp: 1640000000000,
      loads: 1,
      kept: {},
    },
    {
      version: 2,
      stage: ExportStage.finished,
      lastAttemptTimestamp: 1660000000000,
      loads: 1,
      kept: {},
    },
    {
      version: 3,
      stage: ExportStage.finished,
      lastAttemptTimestamp: 1680000000000,
      loads: 0,
      kept: { exportFolderPath: "/Users/ada/ente Photos" },
    },
    {
      version: 4,
      stage: ExportStage.exportingFiles,
      lastAttemptTimestamp: 1700000000000,
      loads: 0,
      kept: {},
    },
  ] as const)(
    "a version %# record becomes a version 5 record of what is on disk",
    async ({ version, stage, lastAttemptTimestamp, loads, kept }) => {
      const folder = await fixtureFolder(version);
      const before = await folder.snapshot();

      const { record, libraryLoads } = await migrate(folder);

      expect(record).toEqual({
        version: 5,
        stage,
        lastAttemptTimestamp,
        collectionExportNames: expectedCollectionExportNames,
        fileExportNames: Object.fromEntries(
          Object.entries(expectedFileExportNames).map(([key, name]) => [
            key,
            encodeFileExportName(name),
          ]),
        ),
        ...kept,
      });
      expect(libraryLoads).toBe(loads);
      expect(await recordOnDisk(folder)).toEqual(record);
      const after = await folder.snapshot();
      expectRecordMatchesDisk(record, after);
      // Files are renamed at most: none is lost, none is copied.
      expect(contentsOf(after)).toEqual(contentsOf(before));
    },
  );

  it("gives a version 0 folder today's names, leaving what it does not know", async () => {
    const folder = await fixtureFolder(0);
    await migrate(folder);
    const snapshot = await folder.snapshot();

    const topLevel = Object.keys(snapshot).filter((path) => /^[^/]+\/?$/.test(path));
    expect(topLevel.sort()).toEqual([
      "Family_Kids/",
      "Road trip_ 2020/",
      "Summer 2019(1)/",
      "Summer 2019/",
      "Trash(1)/",
      exportRecordFileName,
    ]);
    expect(Object.keys(snapshot).filter((path) => path.startsWith("Summer 2019/"))).toEqual([
      "Summer 2019/",
      "Summer 2019/106_edited.jpg",
      "Summer 2019/Beach day_ sunset.png",
      "Summer 2019/IMG_0001(1).jpg",
      "Summer 2019/IMG_0001.jpg",
      "Summer 2019/IMG_0002(1).mov",
      "Summer 2019/IMG_0002.heic",
      "Summer 2019/IMG_0002.jpg",
      "Summer 2019/IMG_0002.mov",
      "Summer 2019/IMG_0003.jpeg",
      "Summer 2019/IMG_0003.mp4",
      "Summer 2019/metadata/",
      "Summer 2019/metadata/106_edited.jpg.json",
      "Summer 2019/metadata/Beach day_ sunset.png.json",
      "Summer 2019/metadata/IMG_0001(1).jpg.json",
      "Summer 2019/metadata/IMG_0001.jpg.json",
      "Summer 2019/metadata/IMG_0002(1).mov.json",
      "Summer 2019/metadata/IMG_0002.heic.json",
      "Summer 2019/metadata/IMG_0002.jpg.json",
      "Summer 2019/metadata/IMG_0002.mov.json",
      "Summer 2019/metadata/IMG_0003.jpeg.json",
      "Summer 2019/metadata/IMG_0003.mp4.json",
    ]);
    // The sidecar of a file its user deleted moves with its folder, under its old name.
    expect(snapshot["Family_Kids/metadata/301_missing.jpg.json"]).toBe("sidecar 301");
  });

  it("forgets a version 4 folder without its metadata folder, and its files, touching nothing", async () => {
    const folder = await fixtureFolder(4);
    const { record } = await migrate(folder);
    expect(record.collectionExportNames).not.toHaveProperty("16");
    expect(record.collectionExportNames).not.toHaveProperty("17");
    expect(record.fileExportNames).not.toHaveProperty("900_16_1600000000000900");
    expect((await folder.snapshot())["Gone/x.jpg"]).toBe("file 900");
  });
});

describe("records that are not migrated", () => {
  it.each([6, 7, 100])("refuses version %i and leaves the folder untouched", async (version) => {
    const folder = await makeFolder(fixtureFolderTrees[3], {
      version,
      stage: ExportStage.finished,
      collectionExportNames: { "10": "Summer 2019" },
      fileExportNames: {},
      someFutureField: true,
    });
    const before = await folder.snapshot();
    const counting = countingExportFS(folder.fs);

    const migration = migrate(folder, counting.fs);

    await expect(migration).rejects.toBeInstanceOf(ExportRecordTooNewError);
    await expect(migration).rejects.toMatchObject({ version });
    expect(counting.writes()).toBe(0);
    expect(await folder.snapshot()).toEqual(before);
  });

  it.each([
    ["a migrated fixture", async () => (await migrate(await fixtureFolder(2))).record],
    ["a fresh record", () => Promise.resolve(freshExportRecord())],
    [
      "a record with fields of a newer minor change",
      () => Promise.resolve({ ...freshExportRecord(), someFutureField: [1, 2] }),
    ],
  ])("leaves %s at version 5 as it is, writing nothing", async (_, latest) => {
    const record = await latest();
    const folder = await makeFolder(fixtureFolderTrees[3], record);
    const before = await folder.snapshot();
    const counting = countingExportFS(folder.fs);

    const migrated = await migrate(folder, counting.fs);

    expect(migrated.record).toEqual(record);
    expect(migrated.libraryLoads).toBe(0);
    expect(counting.writes()).toBe(0);
    expect(await folder.snapshot()).toEqual(before);
  });

  it.each([
    ["not an object", [1, 2]],
    ["a version 5 record without its maps", { version: 5, stage: 7 }],
    ["a version that is a string", { version: "3" }],
  ])("refuses a record that is %s", async (_, parsed) => {
    const folder = await makeFolder(fixtureFolderTrees[3], parsed);
    const before = await folder.snapshot();
    await expect(migrate(folder)).rejects.toBeInstanceOf(ExportRecordUnreadableError);
    expect(await folder.snapshot()).toEqual(before);
  });
});

describe("records without exports", () => {
  it.each([
    ["version 0, empty (the reference's record of a new folder)", {}],
    ["version 0 with an empty list", { exportedFiles: [], stage: 0 }],
    ["version 0 with a null version", { version: null, exportedFiles: [] }],
    ["version 1", { version: 1, exportedFiles: [], exportedCollectionPaths: {} }],
    ["version 2", { version: 2 }],
    ["version 3, as the reference wrote a new folder's", freshRecordAt(3)],
    ["version 3 without maps", { version: 3 }],
    ["version 4", freshRecordAt(4)],
  ])("%s becomes an empty version 5 record without the library", async (_, parsed) => {
    const folder = await makeFolder(fixtureFolderTrees[1], parsed);
    const { record, libraryLoads } = await migrate(folder);
    expect(record).toEqual(freshExportRecord());
    expect(libraryLoads).toBe(0);
    expect(contentsOf(await folder.snapshot())).toEqual(contentsOf(fixtureFolderTrees[1]));
  });
});

function freshRecordAt(version: 3 | 4): object {
  return { ...freshExportRecord(), version };
}

describe("stages of versions 0 to 2", () => {
  // See: [Note: Old export stages are renumbered]
  it.each([
    [undefined, ExportStage.init],
    [0, ExportStage.init],
    [1, ExportStage.exportingFiles],
    [2, ExportStage.finished],
    [3, ExportStage.finished],
    [42, ExportStage.init],
  ])("old stage %s reads as %i", async (stage, expected) => {
    for (const version of [0, 1, 2]) {
      const folder = await makeFolder({}, { version, stage, exportedFiles: [] });
      const { record } = await migrate(folder);
      expect(record.stage, `version ${String(version)}`).toBe(expected);
    }
  });

  it.each([ExportStage.init, ExportStage.exportingFiles, ExportStage.finished])(
    "stage %i of version 3 is kept",
    async (stage) => {
      const folder = await makeFolder({}, { ...freshRecordAt(3), stage });
      expect((await migrate(folder)).record.stage).toBe(stage);
    },
  );
});
