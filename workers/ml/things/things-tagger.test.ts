import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestImageCodec } from "../../media/image/test-support/image-codec";
import type { Tfjs } from "./bundled-tfjs";
import { loadNodeThingsTagger } from "./test-support/node-things";
import type { ThingsImage, ThingsTagger } from "./things-tagger";
import { ThingsImageError } from "./things-tagger";

// The things tagger on real photos (shared/fixtures/media), on tfjs's wasm
// backend in Node, each photo decoded and scaled to the detector's 512×512
// by ffmpeg (the media tests' codec).

const fixtures = path.resolve(import.meta.dirname, "../../../../shared/fixtures/media");

const codec = createTestImageCodec();
const fixtureImage = async (name: string): Promise<ThingsImage> => {
  const decoded = await codec.decode(new Blob([await readFile(path.join(fixtures, name))]));
  const scaled = await codec.resize(decoded, { widthPx: 512, heightPx: 512 });
  decoded.close();
  scaled.close();
  return { width: 512, height: 512, data: new Uint8ClampedArray(scaled.rgba) };
};

const labelsOf = (tags: { label: string }[]) => tags.map(({ label }) => label);

/** Photos with neither people nor animals: a door knocker, a letter F, landscapes, a dark room. */
const thingFreePhotos = [
  "door-knocker.jpg",
  "f6t.jpg",
  "noexif.jpg",
  "IMG_20180725_163423-tiny.jpg",
  "canon-dslr.jpg",
];
const animals = [
  "bird",
  "cat",
  "dog",
  "horse",
  "sheep",
  "cow",
  "elephant",
  "bear",
  "zebra",
  "giraffe",
];

let tf: Tfjs;
let tagger: ThingsTagger;

beforeAll(async () => {
  ({ tf, tagger } = await loadNodeThingsTagger());
}, 120_000);

afterAll(() => {
  tagger.dispose();
});

describe("things tagger", () => {
  it("runs on tfjs's wasm backend", () => {
    expect(tf.getBackend()).toBe("wasm");
  });

  it("tags the people of Bush-dog.jpg as `person`, once, with their best score", async () => {
    const tags = await tagger.tag(await fixtureImage("Bush-dog.jpg"));
    expect(labelsOf(tags)).toEqual(["person"]);
    expect(tags[0]?.score).toBeGreaterThan(0.6);
  });

  it.each(thingFreePhotos)("tags %s with no animal and no person", async (name) => {
    const tags = await tagger.tag(await fixtureImage(name));
    expect(labelsOf(tags).filter((label) => animals.includes(label) || label === "person")).toEqual(
      [],
    );
  });

  it("tags an image of any size (scaled to the detector's input)", async () => {
    const image = await fixtureImage("Bush-dog.jpg");
    // Every other pixel of every other row: 256×256.
    const half = new Uint8ClampedArray(256 * 256 * 4);
    for (let y = 0; y < 256; y++) {
      for (let x = 0; x < 256; x++) {
        half.set(
          image.data.subarray((y * 2 * 512 + x * 2) * 4, (y * 2 * 512 + x * 2) * 4 + 4),
          (y * 256 + x) * 4,
        );
      }
    }
    expect(labelsOf(await tagger.tag({ width: 256, height: 256, data: half }))).toContain("person");
  });

  it("refuses pixels that do not fill the stated size", async () => {
    await expect(
      tagger.tag({ width: 10, height: 10, data: new Uint8ClampedArray(10 * 10 * 3) }),
    ).rejects.toThrow(ThingsImageError);
    await expect(
      tagger.tag({ width: 0, height: 10, data: new Uint8ClampedArray(0) }),
    ).rejects.toThrow(ThingsImageError);
  });

  it("leaves no tensor behind", async () => {
    const image = await fixtureImage("f6t.jpg");
    await tagger.tag(image);
    const before = tf.memory().numTensors;
    await tagger.tag(image);
    expect(tf.memory().numTensors).toBe(before);
  });
});
