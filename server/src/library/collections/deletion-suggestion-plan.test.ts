import { describe, expect, it } from "vitest";
import {
  planDeletionSuggestion,
  type DeletionSuggestionPlan,
  type PlannedAction,
  type SuggestedFileEntry,
} from "./deletion-suggestion-plan";

// See: [Note: A deletion suggestion takes the files out and asks their owners]

const owner = 1;
const admin = 2;
const bob = 3;
const carol = 4;

const live = (fileID: number, ownerID: number): SuggestedFileEntry => ({
  file_id: fileID,
  f_owner_id: ownerID,
  is_deleted: 0,
  action: null,
});
const entries = [
  live(10, owner),
  live(20, bob),
  live(21, bob),
  live(30, carol),
  live(40, admin),
  { ...live(50, bob), is_deleted: 1 },
  { ...live(60, owner), action: "REMOVE" },
];

const suggestion = (fileID: number, ownerID: number): PlannedAction => ({
  userID: ownerID,
  fileID,
  action: "DELETE_SUGGESTED",
});

describe("planDeletionSuggestion", () => {
  it.each<[string, number, number[], DeletionSuggestionPlan]>([
    [
      "the owner takes others' files out and asks each owner",
      owner,
      [20, 30, 21],
      {
        removedFileIDs: [20, 30, 21],
        markedFileIDs: [],
        actions: [suggestion(20, bob), suggestion(30, carol), suggestion(21, bob)],
      },
    ],
    [
      "an admin marks the album owner's files and asks the owner twice",
      admin,
      [10, 20],
      {
        removedFileIDs: [20],
        markedFileIDs: [10],
        actions: [
          { userID: owner, fileID: 10, action: "REMOVE" },
          suggestion(10, owner),
          suggestion(20, bob),
        ],
      },
    ],
    [
      "files no longer in the collection, or already marked, are passed over",
      admin,
      [50, 60],
      { removedFileIDs: [], markedFileIDs: [], actions: [] },
    ],
    ["the owner's own file refuses all", owner, [20, 10], { refusal: "OWN_FILE" }],
    ["an admin's own file refuses all", admin, [40, 20], { refusal: "OWN_FILE" }],
    [
      "an own file already taken out is passed over",
      bob,
      [50, 30],
      { removedFileIDs: [30], markedFileIDs: [], actions: [suggestion(30, carol)] },
    ],
    [
      "a file never in the collection refuses all",
      owner,
      [20, 99],
      { refusal: "FILE_NOT_IN_COLLECTION" },
    ],
  ])("%s", (_case, actorID, fileIDs, expected) => {
    expect(planDeletionSuggestion({ actorID, collectionOwnerID: owner, fileIDs, entries })).toEqual(
      expected,
    );
  });
});
