import { describe, expect, it } from "vitest";
import {
  type ClusterableFace,
  clusterFaces,
  faceClusteringThresholds,
  isClusterable,
} from "./face-clusters";
import { dotProductsJS } from "./face-similarity";
import { randomFaces } from "./test-support/random-faces";

// Faces in 2 dimensions: an embedding is the unit vector at `degrees`, so
// that two faces' similarity is the cosine of the angle between them.
const face = (faceID: string, degrees: number, quality: Partial<ClusterableFace> = {}) => ({
  faceID,
  embedding: new Float32Array([
    Math.cos((degrees * Math.PI) / 180),
    Math.sin((degrees * Math.PI) / 180),
  ]),
  score: 0.9,
  blur: 100,
  ...quality,
});

/** The angle whose cosine is `similarity`, in degrees. */
const apart = (similarity: number) => (Math.acos(similarity) * 180) / Math.PI;
const join = faceClusteringThresholds.joinSimilarity;

const counter = () => {
  let next = 0;
  return () => `c${String(++next)}`;
};

const grouping = ({ clusters }: { clusters: { id: string; faceIDs: string[] }[] }) =>
  clusters.map(({ id, faceIDs }) => `${id}: ${faceIDs.join(" ")}`);

describe("clusterFaces", () => {
  it.each([
    ["nothing", [], []],
    ["one face, one cluster", [face("a", 0)], ["c1: a"]],
    [
      "a face at the join similarity joins",
      [face("a", 0), face("b", apart(join) - 0.01)],
      ["c1: a b"],
    ],
    [
      "a face under it starts a cluster",
      [face("a", 0), face("b", apart(join) + 0.5)],
      ["c1: a", "c2: b"],
    ],
    [
      "a face joins its most similar face's cluster, not the first similar enough",
      [face("a", 0), face("b", 90), face("c", 62)],
      ["c1: a", "c2: b c"],
    ],
    [
      "a chain of similar faces makes one cluster (single linkage)",
      [face("a", 0), face("b", 60), face("c", 120), face("d", 180)],
      ["c1: a b c d"],
    ],
    [
      "faces scoring or blurrier under the minimums are left out",
      [
        face("a", 0, { score: faceClusteringThresholds.minScore - 0.01 }),
        face("b", 0, { blur: faceClusteringThresholds.minBlur - 1 }),
        face("c", 0),
      ],
      ["c1: c"],
    ],
  ])("%s", (_, faces, clusters) => {
    expect(grouping(clusterFaces(faces, { newClusterID: counter() }))).toEqual(clusters);
  });

  it("maps every clustered face to its cluster, and no other", () => {
    const { clusterIDByFaceID } = clusterFaces(
      [face("a", 0), face("b", 180), face("c", 0, { score: 0.1 }), face("d", 10)],
      { newClusterID: counter() },
    );
    expect(Object.fromEntries(clusterIDByFaceID)).toEqual({ a: "c1", b: "c2", d: "c1" });
  });

  it("keeps an earlier run's clusters and IDs, and places only the new faces", () => {
    const newClusterID = counter();
    const first = clusterFaces([face("a", 0), face("b", 180)], { newClusterID });
    // Face x is kept in b's cluster although it is far from it: an earlier
    // run (or the user) put it there. Face gone is no longer given.
    const previous = new Map([...first.clusterIDByFaceID, ["x", "c2"], ["gone", "c1"]]);
    const second = clusterFaces(
      [face("n1", 170), face("a", 0), face("x", 90), face("b", 180), face("n2", 270)],
      { newClusterID, previous },
    );
    expect(grouping(second)).toEqual(["c1: a", "c2: x b n1", "c3: n2"]);
    expect(second.clusterIDByFaceID.get("gone")).toBeUndefined();
  });

  it("takes its thresholds from the caller", () => {
    const faces = [face("a", 0), face("b", 80)];
    expect(grouping(clusterFaces(faces, { newClusterID: counter() }))).toEqual(["c1: a", "c2: b"]);
    expect(
      grouping(
        clusterFaces(faces, { newClusterID: counter(), thresholds: { joinSimilarity: 0.1 } }),
      ),
    ).toEqual(["c1: a b"]);
  });

  it("gives the same clusters block by block as one face at a time", () => {
    // 600 faces: three blocks. Embeddings near one of 5 directions, 64 floats.
    const centres = randomFaces(5, 64, 7);
    const noise = randomFaces(600, 64, 8);
    const faces = noise.map(({ faceID, embedding }, i) => {
      const centre = centres[i % 5]?.embedding ?? embedding;
      const mixed = centre.map((value, d) => value + 0.5 * (embedding[d] ?? 0));
      const norm = Math.hypot(...mixed);
      return { faceID, embedding: mixed.map((v) => v / norm), score: 0.9, blur: 100 };
    });
    const blockwise = clusterFaces(faces, { newClusterID: counter() });
    let previous = new Map<string, string>();
    const newClusterID = counter();
    for (let n = 1; n <= faces.length; n++) {
      previous = clusterFaces(faces.slice(0, n), { newClusterID, previous }).clusterIDByFaceID;
    }
    expect(previous).toEqual(blockwise.clusterIDByFaceID);
    expect(blockwise.clusters.length).toBeGreaterThanOrEqual(5);
  });

  it("uses the dot products it is given", () => {
    const calls: number[] = [];
    clusterFaces([face("a", 0), face("b", 1)], {
      newClusterID: counter(),
      dotProducts: (queries, queryCount, keys, keyCount, dims) => {
        calls.push(queryCount);
        return dotProductsJS(queries, queryCount, keys, keyCount, dims);
      },
    });
    expect(calls).toEqual([2]);
  });

  it("refuses embeddings of different lengths", () => {
    expect(() =>
      clusterFaces([face("a", 0), { ...face("b", 0), embedding: new Float32Array(3) }], {
        newClusterID: counter(),
      }),
    ).toThrow(RangeError);
  });
});

describe("isClusterable", () => {
  it.each([
    [{ score: 0.8, blur: 10 }, true],
    [{ score: 0.79, blur: 500 }, false],
    [{ score: 0.99, blur: 9.9 }, false],
  ])("%o → %s", (face, clusterable) => {
    expect(isClusterable(face)).toBe(clusterable);
  });
});
