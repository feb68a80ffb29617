import { describe, expect, it } from "vitest";
import type { IndexedFace } from "../ml/indexing/indexed-faces";
import { newCGroup, withoutFaces } from "./cgroup";
import { clusterPersonID, derivePeople, minFacesOfUnnamedPerson } from "./derive-people";

const face = (faceID: string, score = 0.9, size = 0.2): IndexedFace => ({
  faceID,
  box: { x: 0.1, y: 0.1, width: size, height: size },
  score,
  blur: 100,
  embedding: { codes: new Int8Array([1]), scale: 1 },
});

/** Files 1–5 show Ada (faces a1–a5), files 6–7 Bob (b6, b7), file 8 a stranger. */
const faces = new Map<number, IndexedFace[]>([
  [1, [face("a1")]],
  [2, [face("a2")]],
  [3, [face("a3", 0.99, 0.4)]],
  [4, [face("a4")]],
  [5, [face("a5"), face("b5")]],
  [6, [face("b6")]],
  [7, [face("b7")]],
  [8, [face("s8")]],
]);
const clusterOf = new Map([
  ["a1", "A"],
  ["a2", "A"],
  ["a3", "A"],
  ["a4", "A"],
  ["a5", "A"],
  ["b5", "B"],
  ["b6", "B"],
  ["b7", "B"],
  ["s8", "S"],
]);

describe("derivePeople", () => {
  it("lists clusters with enough faces as unnamed people, best face as cover", () => {
    const people = derivePeople({ faces, clusterOf, cgroups: [] });
    expect(people.map((person) => person.personID)).toEqual([
      clusterPersonID("A"),
      clusterPersonID("B"),
    ]);
    const [ada] = people;
    expect(ada?.name).toBeUndefined();
    expect(ada?.fileIDs).toEqual(new Set([1, 2, 3, 4, 5]));
    expect(ada?.cover.faceID).toBe("a3");
    expect(minFacesOfUnnamedPerson).toBe(3);
  });

  it("a named cgroup takes its cluster's new faces; named people come first", () => {
    const people = derivePeople({
      faces,
      clusterOf,
      // Named from an earlier clustering that had only b6 and b7.
      cgroups: [{ id: "cg_bob", data: newCGroup("B", ["b6", "b7"], "Bob") }],
    });
    expect(people.map((person) => person.name ?? person.personID)).toEqual([
      "Bob",
      clusterPersonID("A"),
    ]);
    expect(people[0]?.fileIDs).toEqual(new Set([5, 6, 7]));
  });

  it("faces removed from a person stay out of it, and a hidden person is listed last", () => {
    const bob = withoutFaces(newCGroup("B", ["b5", "b6", "b7"], "Bob"), ["b5"]);
    const people = derivePeople({
      faces,
      clusterOf,
      cgroups: [{ id: "cg_bob", data: { ...bob, isHidden: true } }],
    });
    const listed = people.at(-1);
    expect(listed?.name).toBe("Bob");
    expect(listed?.hidden).toBe(true);
    expect(listed?.fileIDs).toEqual(new Set([6, 7]));
  });

  it("a merge joins two clusters into one person", () => {
    const ada = newCGroup("A", ["a1", "a2", "a3", "a4", "a5"], "Ada");
    const merged = { ...ada, assigned: [...ada.assigned, { id: "B", faces: ["b6"] }] };
    const people = derivePeople({ faces, clusterOf, cgroups: [{ id: "cg_ada", data: merged }] });
    expect(people).toHaveLength(1);
    expect(people[0]?.fileIDs).toEqual(new Set([1, 2, 3, 4, 5, 6, 7]));
  });

  it("a cgroup whose faces this device has not indexed yet is not listed", () => {
    const people = derivePeople({
      faces: new Map(),
      clusterOf: new Map(),
      cgroups: [{ id: "cg_ada", data: newCGroup("A", ["a1"], "Ada") }],
    });
    expect(people).toEqual([]);
  });
});
