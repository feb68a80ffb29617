import { describe, expect, it } from "vitest";
import { trashRetentionUs } from "../../shared/model/library/trash-retention";
import type { DecryptedFile } from "../library/decrypted-records";
import type { TrashEntry } from "./library-store-records";
import { entriesWithDepartures, trashHomesOf, trashMomentToleranceUs } from "./trash-homes";

const trashedAtUs = 1_700_000_000_000_000;
const entryOf = (id: number, collectionID: number, former?: number[]): TrashEntry => ({
  file: { id, collectionID } as DecryptedFile,
  deleteByUs: trashedAtUs + trashRetentionUs,
  updatedAtUs: trashedAtUs,
  ...(former === undefined ? {} : { formerCollectionIDs: former }),
});

const trash = new Map([
  [1, entryOf(1, 10)],
  [2, entryOf(2, 20, [21])],
]);
const lookup = (id: number) => trash.get(id);

describe("the collections a trashed file left", () => {
  it("adds the collections the file left when it was trashed, each once", () => {
    expect(
      entriesWithDepartures(lookup, [
        { fileID: 1, collectionID: 11, atUs: trashedAtUs + 3 },
        { fileID: 1, collectionID: 12, atUs: trashedAtUs - 5 },
        { fileID: 1, collectionID: 11, atUs: trashedAtUs + 3 },
        { fileID: 1, collectionID: 10, atUs: trashedAtUs },
      ]).map((entry) => [entry.file.id, entry.formerCollectionIDs]),
    ).toEqual([[1, [11, 12]]]);
  });

  it("leaves out an older removal (a move out of an album before), files not in the trash, and what is known", () => {
    expect(
      entriesWithDepartures(lookup, [
        { fileID: 1, collectionID: 13, atUs: trashedAtUs - trashMomentToleranceUs - 1 },
        { fileID: 3, collectionID: 30, atUs: trashedAtUs },
        { fileID: 2, collectionID: 21, atUs: trashedAtUs },
      ]),
    ).toEqual([]);
  });

  it("names the server's collection first", () => {
    expect(trashHomesOf(entryOf(2, 20, [21, 20, 22]))).toEqual([20, 21, 22]);
  });
});
