import { beforeAll, describe, expect, it } from "vitest";
import type { ExportFS } from "../export-fs";
import type { MigrationLibrary } from "./migration-library";
import {
  type FixtureVersion,
  fixtureLibrary,
  fixtureVersions,
  migrateFolder,
  recordOnDisk,
  useTempExportFolders,
} from "./test-support/record-fixtures";
import {
  SimulatedCrashError,
  type TempExportFolder,
  countingExportFS,
} from "./test-support/temp-export-folder";

// See: [Note: Each migration step is written as it completes]

let library: MigrationLibrary;
beforeAll(async () => {
  library = await fixtureLibrary();
});
const { fixtureFolder } = useTempExportFolders();
const migrate = (folder: TempExportFolder, fs?: ExportFS) => migrateFolder(folder, library, fs);

describe("an interrupted migration", () => {
  /** The result of an uninterrupted run, and how many writes it made. */
  const uninterrupted = async (version: FixtureVersion) => {
    const folder = await fixtureFolder(version);
    const counting = countingExportFS(folder.fs);
    const { record } = await migrate(folder, counting.fs);
    return { record, snapshot: await folder.snapshot(), writes: counting.writes() };
  };

  it.each(fixtureVersions)(
    "from version %i, stopped before any of its writes, finishes the same when run again",
    async (version) => {
      const expected = await uninterrupted(version);
      expect(expected.writes).toBeGreaterThan(0);

      for (let crashAt = 0; crashAt < expected.writes; crashAt += 1) {
        const folder = await fixtureFolder(version);
        const crashing = countingExportFS(folder.fs, crashAt);
        await expect(migrate(folder, crashing.fs)).rejects.toBeInstanceOf(SimulatedCrashError);

        const { record } = await migrate(folder);
        expect(record, `crash before write ${String(crashAt)}`).toEqual(expected.record);
        expect(await folder.snapshot(), `crash before write ${String(crashAt)}`).toEqual(
          expected.snapshot,
        );
      }
    },
  );

  it("from version 0, stopped twice, finishes the same", async () => {
    const expected = await uninterrupted(0);
    const folder = await fixtureFolder(0);
    await expect(migrate(folder, countingExportFS(folder.fs, 4).fs)).rejects.toBeInstanceOf(
      SimulatedCrashError,
    );
    await expect(migrate(folder, countingExportFS(folder.fs, 7).fs)).rejects.toBeInstanceOf(
      SimulatedCrashError,
    );
    const { record } = await migrate(folder);
    expect(record).toEqual(expected.record);
    expect(await folder.snapshot()).toEqual(expected.snapshot);
  });

  it("resumes from the last version written, without loading the library again", async () => {
    const { writes } = await uninterrupted(0);
    const folder = await fixtureFolder(0);
    // Stopped before its last write (the version 5 record): version 4 is on disk.
    await expect(
      migrate(folder, countingExportFS(folder.fs, writes - 1).fs),
    ).rejects.toBeInstanceOf(SimulatedCrashError);
    expect(await recordOnDisk(folder)).toMatchObject({ version: 4 });
    const { record, libraryLoads } = await migrate(folder);
    expect(record.version).toBe(5);
    expect(libraryLoads).toBe(0);
  });
});
