import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  clipOf,
  decodeMLData,
  encodeMLData,
  faceOf,
  hasNewerMLDataPart,
  MalformedMLDataError,
  type MLDataDocument,
  perceptualHashOf,
  thingsOf,
  withClip,
  withPerceptualHash,
  withThings,
} from "./ml-data";

const gzipJSON = (text: string) => new Uint8Array(gzipSync(Buffer.from(text, "utf8")));

/** A document as the reference's desktop app writes it, with a key of a client we do not know. */
const referenceDocument = {
  face: {
    version: 1,
    client: "io.ente.photos.desktop/1.7.10",
    width: 4032,
    height: 3024,
    faces: [
      {
        faceID: "1234_abcd_0_0_1_1",
        detection: {
          box: { x: 0.1, y: 0.2, width: 0.3, height: 0.4 },
          landmarks: [
            { x: 0.15, y: 0.3 },
            { x: 0.25, y: 0.3 },
          ],
        },
        score: 0.93,
        blur: 42.5,
        embedding: [0.1, -0.2, 0.3],
      },
    ],
  },
  clip: { version: 1, client: "io.ente.photos.desktop/1.7.10", embedding: [0.6, 0.8] },
  ocr: { version: 3, lines: ["a newer client's index"] },
};

const roundTrip = async (document: MLDataDocument) => decodeMLData(await encodeMLData(document));

describe("encodeMLData / decodeMLData", () => {
  it.each<[string, MLDataDocument]>([
    ["an empty document", {}],
    ["our things part", withThings({}, [{ label: "dog", score: 0.87 }])],
    ["the reference's document", referenceDocument],
    ["unicode and nesting", { note: "café 🐕", deep: { a: [1, { b: null }] } }],
  ])("round-trips %s unchanged", async (_, document) => {
    expect(await roundTrip(document)).toEqual(document);
  });

  it("writes gzip that any gunzip reads", async () => {
    const bytes = await encodeMLData({ things: { version: 1, tags: [] } });
    expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]);
  });

  it("reads gzip that another gzip wrote (the reference's documents)", async () => {
    const document = await decodeMLData(gzipJSON(JSON.stringify(referenceDocument)));
    expect(document).toEqual(referenceDocument);
    expect(clipOf(document)?.embedding).toEqual([0.6, 0.8]);
    expect(faceOf(document)?.faces[0]?.detection.box).toEqual({
      x: 0.1,
      y: 0.2,
      width: 0.3,
      height: 0.4,
    });
  });

  it.each<[string, Uint8Array, string]>([
    ["no bytes", new Uint8Array(), "notGzip"],
    ["plain JSON, not gzipped", new TextEncoder().encode('{"clip":{}}'), "notGzip"],
    ["a truncated gzip", gzipJSON('{"things":{"version":1,"tags":[]}}').subarray(0, 12), "notGzip"],
    ["gzipped text that is not JSON", gzipJSON("{not json"), "notJSON"],
    [
      "gzipped bytes that are not UTF-8",
      new Uint8Array(gzipSync(Buffer.from([0x22, 0xff, 0x22]))),
      "notJSON",
    ],
    ["a JSON array", gzipJSON("[1,2]"), "notObject"],
    ["JSON null", gzipJSON("null"), "notObject"],
    ["a JSON string", gzipJSON('"mldata"'), "notObject"],
  ])("refuses %s with a named reason", async (_, bytes, reason) => {
    const error: unknown = await decodeMLData(bytes).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MalformedMLDataError);
    expect((error as MalformedMLDataError).reason).toBe(reason);
  });

  it("refuses a gzip bomb before unzipping it whole", async () => {
    const bomb = new Uint8Array(gzipSync(Buffer.alloc(17 * 1024 * 1024, 0x20)));
    expect(bomb.length).toBeLessThan(64 * 1024);
    await expect(decodeMLData(bomb)).rejects.toMatchObject({ reason: "tooLarge" });
  });
});

describe("parts and their versions", () => {
  it("keeps every other key and field when our part is written", async () => {
    const decoded = await decodeMLData(gzipJSON(JSON.stringify(referenceDocument)));
    const updated = await roundTrip(withThings(decoded, [{ label: "person", score: 0.65 }]));
    expect(updated).toEqual({
      ...referenceDocument,
      things: { version: 1, tags: [{ label: "person", score: 0.65 }] },
    });
  });

  it("keeps fields it does not know inside the parts it reads", () => {
    const document = {
      clip: { version: 1, client: "c", embedding: [1], model: "mobileclip_s2" },
      things: { version: 1, tags: [{ label: "dog", score: 0.9, box: [1, 2, 3, 4] }], model: "x" },
    };
    expect(clipOf(document)).toEqual(document.clip);
    expect(thingsOf(document)).toEqual(document.things);
  });

  it.each<[string, unknown, boolean]>([
    ["absent", undefined, false],
    ["our version", { version: 1, tags: [{ label: "dog", score: 0.9 }] }, true],
    ["an older version", { version: 0, tags: [] }, false],
    ["a newer version", { version: 2, labels: ["dog"] }, false],
    ["no version", { tags: [] }, false],
    ["our version, malformed", { version: 1, tags: [{ label: 3 }] }, false],
    ["not an object", "dog", false],
  ])("reads a things part that is %s: %s", (_, part, read) => {
    const document = part === undefined ? {} : { things: part };
    expect(thingsOf(document) !== undefined).toBe(read);
  });

  it("reads the reference's CLIP index only at version 1", () => {
    const clip = { client: "c", embedding: [0.6, 0.8] };
    expect(clipOf({ clip: { ...clip, version: 1 } })).toEqual({ ...clip, version: 1 });
    expect(clipOf({ clip: { ...clip, version: 2 } })).toBeUndefined();
    expect(clipOf({ clip: { version: 1, embedding: [1] } })).toBeUndefined();
  });

  it("overwrites an older or malformed part of ours, never a newer one", () => {
    const tags = [{ label: "cake", score: 0.7 }];
    expect(withThings({ things: { version: 0, tags: [] } }, tags)).toEqual({
      things: { version: 1, tags },
    });
    expect(withThings({ things: "garbage" }, tags)).toEqual({ things: { version: 1, tags } });
    const newer = { things: { version: 2, labels: ["dog"] }, other: 1 };
    expect(hasNewerMLDataPart(newer, "things")).toBe(true);
    expect(withThings(newer, tags)).toBe(newer);
  });

  it("writes a CLIP index in the reference's shape", () => {
    expect(
      withClip({ face: referenceDocument.face }, { client: "cairn/0.1.0", embedding: [1, 0] }),
    ).toEqual({
      face: referenceDocument.face,
      clip: { version: 1, client: "cairn/0.1.0", embedding: [1, 0] },
    });
  });

  it("writes and reads the perceptual hash part beside the others", async () => {
    const document = withPerceptualHash(referenceDocument, "00ff00ff12345678");
    expect(document).toEqual({
      ...referenceDocument,
      phash: { version: 1, hash: "00ff00ff12345678" },
    });
    expect(perceptualHashOf(await roundTrip(document))).toBe("00ff00ff12345678");
  });

  it.each<[string, unknown]>([
    ["no part", undefined],
    ["an older version", { version: 0, hash: "00ff00ff12345678" }],
    ["a newer version", { version: 2, hash: "00ff00ff12345678" }],
    ["too few digits", { version: 1, hash: "00ff00ff" }],
    ["not hex", { version: 1, hash: "00ff00ff1234567g" }],
    ["no hash", { version: 1 }],
  ])("reads no perceptual hash from %s", (_, part) => {
    expect(perceptualHashOf(part === undefined ? {} : { phash: part })).toBeUndefined();
  });

  it("does not change the document it is given", () => {
    const document = { things: { version: 1, tags: [] }, x: 1 };
    const copy = structuredClone(document);
    withThings(document, [{ label: "dog", score: 1 }]);
    withClip(document, { client: "c", embedding: [] });
    expect(document).toEqual(copy);
  });
});
