import { describe, expect, it } from "vitest";
import { planRemoval } from "./removal-plan";

const me = 1;
const friend = 2;
const album = 10;

describe("planRemoval", () => {
  const holders = new Map<number, number[]>([
    [101, [20, 30]],
    [102, [album]],
    [103, []],
  ]);
  const holdersOf = (id: number) => holders.get(id) ?? [];

  it.each([
    {
      why: "own files in an own album move to another holder, else to uncategorized",
      ownerID: me,
      files: [
        { id: 101, ownerID: me },
        { id: 102, ownerID: me },
        { id: 103, ownerID: me },
      ],
      expected: {
        moves: new Map([[20, [101]]]),
        toUncategorized: [102, 103],
        removals: [],
        refused: [],
      },
    },
    {
      why: "others' files in an own album go through remove-files",
      ownerID: me,
      files: [{ id: 201, ownerID: friend }],
      expected: { moves: new Map(), toUncategorized: [], removals: [201], refused: [] },
    },
    {
      why: "own files in another's album go through remove-files",
      ownerID: friend,
      files: [{ id: 101, ownerID: me }],
      expected: { moves: new Map(), toUncategorized: [], removals: [101], refused: [] },
    },
    {
      why: "others' files in another's album are refused",
      ownerID: friend,
      files: [
        { id: 201, ownerID: friend },
        { id: 301, ownerID: 3 },
      ],
      expected: { moves: new Map(), toUncategorized: [], removals: [], refused: [201, 301] },
    },
  ])("$why", ({ ownerID, files, expected }) => {
    expect(
      planRemoval({
        collectionID: album,
        collectionOwnerID: ownerID,
        userID: me,
        files,
        holdersOf,
      }),
    ).toEqual(expected);
  });
});
