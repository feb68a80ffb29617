import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Tfjs } from "../things/bundled-tfjs";
import { clusterFaces, faceClusteringThresholds } from "./face-clusters";
import type { RGBAImage } from "./face-crop";
import { faceIDOf } from "./face-id";
import { dotProductsJS } from "./face-similarity";
import { tfjsDotProducts } from "./face-similarity-tfjs";
import { type DetectedFace, FaceImageError, type FaceIndexer } from "./face-indexer";
import { faceFixtureImage } from "./test-support/face-fixtures";
import { loadNodeFaceIndexer } from "./test-support/node-faces";
import { randomFaces } from "./test-support/random-faces";

// The face indexer on the real photos of shared/fixtures/faces, at thumbnail
// size, on tfjs's wasm backend in Node. Who is where was checked by eye:
// each person's point is a spot on their face (relative to the image).

type Person = "obama" | "biden" | "girl";

interface FixtureFace {
  person: Person;
  at: { x: number; y: number };
}

const fixtures: Record<string, FixtureFace[]> = {
  "obama-1.jpg": [{ person: "obama", at: { x: 0.58, y: 0.19 } }],
  "obama-2.jpg": [{ person: "obama", at: { x: 0.55, y: 0.33 } }],
  "obama-3.jpg": [{ person: "obama", at: { x: 0.53, y: 0.18 } }],
  "obama-4.jpg": [{ person: "obama", at: { x: 0.47, y: 0.47 } }],
  "biden-1.jpg": [{ person: "biden", at: { x: 0.59, y: 0.15 } }],
  "biden-2.jpg": [{ person: "biden", at: { x: 0.53, y: 0.37 } }],
  "obama-and-biden.jpg": [
    { person: "biden", at: { x: 0.43, y: 0.34 } },
    { person: "obama", at: { x: 0.62, y: 0.33 } },
    // A girl at the bottom right, her face half hidden by the frame's edge.
    { person: "girl", at: { x: 0.87, y: 0.77 } },
  ],
  "two-people.jpg": [
    { person: "obama", at: { x: 0.28, y: 0.2 } },
    { person: "biden", at: { x: 0.76, y: 0.18 } },
  ],
  "obama-video-480p.jpg": [{ person: "obama", at: { x: 0.52, y: 0.25 } }],
  "obama-video-720p.jpg": [{ person: "obama", at: { x: 0.52, y: 0.25 } }],
};
const names = Object.keys(fixtures);

const contains = ({ box }: DetectedFace, { x, y }: { x: number; y: number }) =>
  box.x <= x && x <= box.x + box.width && box.y <= y && y <= box.y + box.height;

const dot = (a: Float32Array, b: Float32Array) =>
  a.reduce((sum, value, i) => sum + value * (b[i] ?? 0), 0);

interface LabelledFace {
  name: string;
  fileID: number;
  person: Person;
  face: DetectedFace;
}

let tf: Tfjs;
let indexer: FaceIndexer;
const images = new Map<string, RGBAImage>();
const facesByName = new Map<string, DetectedFace[]>();
const detectMs = new Map<string, number>();

beforeAll(async () => {
  ({ tf, indexer } = await loadNodeFaceIndexer());
  for (const name of names) {
    const image = await faceFixtureImage(name);
    images.set(name, image);
    const start = performance.now();
    facesByName.set(name, await indexer.detectFaces(image));
    detectMs.set(name, performance.now() - start);
  }
  console.log(
    "detect + embed, ms a photo:",
    Object.fromEntries(
      [...detectMs].map(([name, ms]) => [
        `${name} (${String(images.get(name)?.width)}×${String(images.get(name)?.height)})`,
        Math.round(ms),
      ]),
    ),
  );
}, 300_000);

afterAll(() => {
  indexer.dispose();
});

/** Every detected face with the person whose point it holds (the test above checks there is one). */
const labelledFaces = (): LabelledFace[] =>
  names.flatMap((name, fileID) =>
    (facesByName.get(name) ?? []).map((face) => {
      const person = fixtures[name]?.find(({ at }) => contains(face, at))?.person;
      if (person === undefined) throw new Error(`A face of ${name} is no one's`);
      return { name, fileID: fileID + 1, person, face };
    }),
  );

describe("face indexer", () => {
  it("runs on tfjs's wasm backend", () => {
    expect(tf.getBackend()).toBe("wasm");
  });

  it.each(names)("finds every face of %s where it is, and no other", (name) => {
    const faces = facesByName.get(name) ?? [];
    const expected = fixtures[name] ?? [];
    expect(faces).toHaveLength(expected.length);
    for (const { at } of expected) {
      expect(faces.filter((face) => contains(face, at))).toHaveLength(1);
    }
    for (const face of faces) {
      expect(face.score).toBeGreaterThan(0.6);
      expect(face.score).toBeLessThanOrEqual(1);
      expect(face.box.x).toBeGreaterThanOrEqual(0);
      expect(face.box.x + face.box.width).toBeLessThanOrEqual(1);
      expect(face.box.y + face.box.height).toBeLessThanOrEqual(1);
      expect(face.landmarks).toHaveLength(6);
      expect(face.embedding).toHaveLength(1024);
      expect(Math.hypot(...face.embedding)).toBeCloseTo(1, 4);
    }
  });

  it("puts the eye landmarks inside the box, the image's left eye first", () => {
    for (const { face } of labelledFaces()) {
      const [left, right] = face.landmarks;
      expect(left && right && left.x < right.x).toBe(true);
      for (const eye of [left, right]) if (eye) expect(contains(face, eye)).toBe(true);
    }
  });

  it("finds a face of the same frame at the same place at 480p and 720p", () => {
    const [small] = facesByName.get("obama-video-480p.jpg") ?? [];
    const [large] = facesByName.get("obama-video-720p.jpg") ?? [];
    expect(small && large && Math.abs(small.box.x - large.box.x)).toBeLessThan(0.01);
    expect(small && large && dot(small.embedding, large.embedding)).toBeGreaterThan(0.95);
  });

  it("makes a person's faces similar and different people's faces not", () => {
    const faces = labelledFaces().filter(({ person }) => person !== "girl");
    const label = ({ name, person }: LabelledFace) => `${name.replace(".jpg", "")}:${person}`;
    const rows = faces.map((a) => faces.map((b) => dot(a.face.embedding, b.face.embedding)));
    console.log(
      ["cosine similarity", ...faces.map((_, j) => String(j).padStart(5))].join("") +
        "\n" +
        rows
          .map((row, i) =>
            [
              `${String(i)} ${label(faces[i] as LabelledFace)}`.padEnd(28),
              ...row.map((s) => s.toFixed(2).padStart(5)),
            ].join(""),
          )
          .join("\n"),
    );
    let leastSame = 1;
    let mostDifferent = -1;
    for (const [i, a] of faces.entries()) {
      for (const [j, b] of faces.entries()) {
        if (i === j) continue;
        const similarity = rows[i]?.[j] ?? Number.NaN;
        if (a.person === b.person) leastSame = Math.min(leastSame, similarity);
        else mostDifferent = Math.max(mostDifferent, similarity);
      }
    }
    console.log({ leastSame, mostDifferent });
    expect(leastSame).toBeGreaterThanOrEqual(faceClusteringThresholds.joinSimilarity);
    expect(mostDifferent).toBeLessThan(faceClusteringThresholds.joinSimilarity);
  });

  it("measures a blurred copy of a face as blurrier", async () => {
    const image = images.get("obama-1.jpg") as RGBAImage;
    const [sharp] = facesByName.get("obama-1.jpg") ?? [];
    const [blurred] = await indexer.detectFaces(boxBlurred(image, 4));
    console.log("obama-1's face, sharp and box-blurred:", {
      blur: [sharp?.blur, blurred?.blur],
      score: [sharp?.score, blurred?.score],
      similarity: sharp && blurred && dot(sharp.embedding, blurred.embedding),
      blurOfEveryFace: labelledFaces().map(
        ({ name, person, face }) => `${name} ${person} ${face.blur.toFixed(0)}`,
      ),
    });
    expect(sharp && blurred && blurred.blur < sharp.blur / 10).toBe(true);
  });

  it("clusters the people's faces, each two-person photo's faces joining their people", () => {
    const faces = labelledFaces();
    let next = 0;
    const newClusterID = () => `cluster-${String(++next)}`;
    const clusterable = ({ fileID, face }: LabelledFace) => ({
      faceID: faceIDOf(fileID, face.box),
      embedding: face.embedding,
      score: face.score,
      blur: face.blur,
    });
    const single = faces.filter(({ name }) => fixtures[name]?.length === 1);
    const first = clusterFaces(single.map(clusterable), { newClusterID });
    const clusterOf = (clustering: typeof first, face: LabelledFace) =>
      clustering.clusterIDByFaceID.get(clusterable(face).faceID);
    const clustersOf = (clustering: typeof first, person: Person) =>
      new Set(faces.filter((f) => f.person === person).map((f) => clusterOf(clustering, f)));

    expect(first.clusters).toHaveLength(2);
    const obama = clusterOf(first, single.find(({ person }) => person === "obama") as LabelledFace);
    const biden = clusterOf(first, single.find(({ person }) => person === "biden") as LabelledFace);

    // The two-person photos' faces, placed later, join the clusters as they were.
    const second = clusterFaces(faces.map(clusterable), {
      newClusterID,
      previous: first.clusterIDByFaceID,
    });
    expect(second.clusters.map(({ id }) => id)).toEqual(first.clusters.map(({ id }) => id));
    expect(clustersOf(second, "obama")).toEqual(new Set([obama]));
    expect(clustersOf(second, "biden")).toEqual(new Set([biden]));
    // The girl's half-hidden face scores under clustering's minimum: not clustered.
    expect(clustersOf(second, "girl")).toEqual(new Set([undefined]));

    // And from scratch, all at once, the same grouping: 8 faces of Obama, 4 of Biden.
    const all = clusterFaces(faces.map(clusterable), { newClusterID });
    expect(all.clusters.map(({ faceIDs }) => faceIDs.length)).toEqual([8, 4]);
    expect(clustersOf(all, "obama").size).toBe(1);
    expect(clustersOf(all, "biden").size).toBe(1);
  });

  it("clusters with tfjs's dot products as with plain JavaScript's", () => {
    const faces = randomFaces(300, 1024, 3);
    const packed = new Float32Array(300 * 1024);
    for (const [i, { embedding }] of faces.entries()) packed.set(embedding, i * 1024);
    const fromTfjs = tfjsDotProducts(tf)(packed.subarray(0, 7 * 1024), 7, packed, 300, 1024);
    const fromJS = dotProductsJS(packed.subarray(0, 7 * 1024), 7, packed, 300, 1024);
    expect(fromTfjs).toHaveLength(fromJS.length);
    for (const [i, value] of fromJS.entries()) expect(fromTfjs[i]).toBeCloseTo(value, 4);
  });

  it("refuses pixels that do not fill the stated size", async () => {
    await expect(
      indexer.detectFaces({ width: 10, height: 10, data: new Uint8ClampedArray(10 * 10 * 3) }),
    ).rejects.toThrow(FaceImageError);
    await expect(
      indexer.detectFaces({ width: 0, height: 10, data: new Uint8ClampedArray(0) }),
    ).rejects.toThrow(FaceImageError);
  });

  it("finds no face in a blank image", async () => {
    const gray = new Uint8ClampedArray(320 * 240 * 4).fill(128);
    expect(await indexer.detectFaces({ width: 320, height: 240, data: gray })).toEqual([]);
  });

  it("leaves no tensor behind", async () => {
    const image = images.get("two-people.jpg") as RGBAImage;
    await indexer.detectFaces(image);
    const before = tf.memory().numTensors;
    await indexer.detectFaces(image);
    expect(tf.memory().numTensors).toBe(before);
  });
});

/** `image` blurred by a (2r+1)² box filter, twice (close to a Gaussian). */
const boxBlurred = (image: RGBAImage, radius: number): RGBAImage => {
  const pass = (source: Uint8ClampedArray) => {
    const out = new Uint8ClampedArray(source.length);
    for (let y = 0; y < image.height; y++) {
      for (let x = 0; x < image.width; x++) {
        for (let channel = 0; channel < 4; channel++) {
          let sum = 0;
          let count = 0;
          for (let dy = -radius; dy <= radius; dy++) {
            for (let dx = -radius; dx <= radius; dx++) {
              const sx = x + dx;
              const sy = y + dy;
              if (sx < 0 || sy < 0 || sx >= image.width || sy >= image.height) continue;
              sum += source[(sy * image.width + sx) * 4 + channel] ?? 0;
              count++;
            }
          }
          out[(y * image.width + x) * 4 + channel] = sum / count;
        }
      }
    }
    return out;
  };
  return { ...image, data: pass(pass(image.data)) };
};
