import { describe, expect, it } from "vitest";
import { FileType } from "../../../shared/model/library/file-metadata";
import type { ExportFile } from "../export-library";
import { exportedFilesInIDOrder, migrationLibraryOf } from "./migration-library";

/** The fields of an export file the migrations read; the rest do not matter here. */
const exportFile = (id: number, title: string, fileType: number, editedName?: string): ExportFile =>
  ({
    id,
    collectionID: 4,
    updationTime: 9,
    metadata: { title, fileType },
    pubMagicMetadata: editedName === undefined ? undefined : { data: { editedName } },
  }) as unknown as ExportFile;

describe("the migrations' view of the library", () => {
  it("names a file by its edited name, and knows its live photos", () => {
    const library = migrationLibraryOf({
      collections: [{ id: 4, name: "Trip" }],
      files: [
        exportFile(1, "IMG_1.jpg", FileType.image, "Sunset.jpg"),
        exportFile(2, "IMG_2.HEIC", FileType.livePhoto),
      ],
    });
    expect(library).toEqual({
      collections: [{ id: 4, name: "Trip" }],
      files: [
        { id: 1, collectionID: 4, updationTime: 9, title: "Sunset.jpg", isLivePhoto: false },
        { id: 2, collectionID: 4, updationTime: 9, title: "IMG_2.HEIC", isLivePhoto: true },
      ],
    });
  });

  it("lists the exported files by ID, then collection, by their current key", () => {
    const file = (id: number, collectionID: number, updationTime = 1) => ({
      id,
      collectionID,
      updationTime,
      title: "a.jpg",
      isLivePhoto: false,
    });
    const files = exportedFilesInIDOrder(
      { collections: [], files: [file(3, 1), file(2, 5), file(2, 1), file(1, 1, 2)] },
      // File 1 was edited since: its key then had updationTime 1.
      new Set(["3_1_1", "2_5_1", "2_1_1", "1_1_1"]),
    );
    expect(files.map(({ key }) => key)).toEqual(["2_1_1", "2_5_1", "3_1_1"]);
  });
});
