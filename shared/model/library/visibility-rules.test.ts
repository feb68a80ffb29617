import { describe, expect, it } from "vitest";
import { collectionVisibilityMetadata, splitByFileOwner } from "./visibility-rules";

describe("collectionVisibilityMetadata", () => {
  it.each([
    { ownerID: 1, userID: 1, kind: "private" },
    { ownerID: 2, userID: 1, kind: "sharee" },
  ])("owner $ownerID, user $userID: $kind", ({ ownerID, userID, kind }) => {
    expect(collectionVisibilityMetadata(ownerID, userID)).toBe(kind);
  });
});

describe("splitByFileOwner", () => {
  it.each([
    { files: [], own: [], others: [] },
    { files: [{ id: 1, ownerID: 1 }], own: [1], others: [] },
    { files: [{ id: 2, ownerID: 9 }], own: [], others: [2] },
    {
      files: [
        { id: 1, ownerID: 1 },
        { id: 2, ownerID: 9 },
        { id: 3, ownerID: 1 },
      ],
      own: [1, 3],
      others: [2],
    },
  ])("splits $files", ({ files, own, others }) => {
    const split = splitByFileOwner(files, 1);
    expect(split.own.map((file) => file.id)).toEqual(own);
    expect(split.othersIDs).toEqual(others);
  });
});
