import { describe, expect, it } from "vitest";
import {
  type MLIndexEntry,
  MLIndexChunkError,
  decodeMLIndexChunk,
  encodeMLIndexChunk,
  maxEntriesPerChunk,
} from "./ml-index-chunks";

// See: [Note: The ML indexes are kept as sealed chunks]

const codesOf = (seed: number) =>
  Int8Array.from({ length: 512 }, (_, index) => ((seed * 31 + index * 7) % 255) - 127);

const plain = (entries: readonly MLIndexEntry[]) =>
  entries.map(({ fileID, clip, things, phash }) => ({
    fileID,
    clip: clip === undefined ? undefined : { codes: Array.from(clip.codes), scale: clip.scale },
    things,
    phash,
  }));

describe("the ML indexes' chunk format", () => {
  it.each<[string, MLIndexEntry[]]>([
    ["no entries", []],
    ["an embedding alone", [{ fileID: 1, clip: { codes: codesOf(1), scale: 0.0078125 } }]],
    ["things alone", [{ fileID: 2, things: ["dog", "frisbee"] }]],
    ["a file looked at where nothing was seen", [{ fileID: 3, things: [] }]],
    ["a tombstone", [{ fileID: 4 }]],
    ["a perceptual hash alone", [{ fileID: 8, phash: { high: 0xffffffff, low: 0x80000001 } }]],
    [
      "all three",
      [
        {
          fileID: 9,
          clip: { codes: codesOf(9), scale: 0.5 },
          things: ["dog"],
          phash: { high: 0x12345678, low: 0 },
        },
        { fileID: 10, things: [], phash: { high: 1, low: 2 } },
      ],
    ],
    [
      "both, with labels shared between files and large file IDs",
      [
        { fileID: 2 ** 52 + 1, clip: { codes: codesOf(5), scale: 0.01 }, things: ["cat", "dog"] },
        { fileID: 6, things: ["dog"] },
        { fileID: 7, clip: { codes: codesOf(7), scale: 0 }, things: ["pâtisserie", "猫"] },
      ],
    ],
  ])("gives back %s as encoded", (_, entries) => {
    const decoded = decodeMLIndexChunk(encodeMLIndexChunk({ seq: 42, entries }));
    expect(decoded.seq).toBe(42);
    expect(plain(decoded.entries)).toEqual(
      plain(entries).map(({ fileID, clip, things, phash }) => ({
        fileID,
        // A scale is kept as a float32, as the index holds it.
        clip: clip === undefined ? undefined : { ...clip, scale: Math.fround(clip.scale) },
        things,
        phash,
      })),
    );
  });

  it("gives back a file's faces (none, or several) and reads chunks of earlier versions", () => {
    const face = (faceID: string, seed: number) => ({
      faceID,
      box: { x: 0.125, y: 0.25, width: 0.5, height: 0.375 },
      score: 0.875,
      blur: 132.5,
      embedding: {
        codes: Int8Array.from({ length: 1024 }, (_, i) => ((seed + i) % 255) - 127),
        scale: 0.25,
      },
    });
    const entries: MLIndexEntry[] = [
      {
        fileID: 1,
        things: ["person"],
        faces: [face("1_12500_25000_62500_62500", 1), face("1_b", 2)],
      },
      { fileID: 2, faces: [] },
    ];
    const bytes = encodeMLIndexChunk({ seq: 3, entries });
    expect(bytes[3]).toBe(3);
    const decoded = decodeMLIndexChunk(bytes).entries;
    expect(decoded[0]?.faces?.map(({ faceID }) => faceID)).toEqual([
      "1_12500_25000_62500_62500",
      "1_b",
    ]);
    expect(decoded[0]?.faces?.[1]).toMatchObject({
      box: { x: 0.125, y: 0.25, width: 0.5, height: 0.375 },
      score: 0.875,
      blur: 132.5,
      embedding: { scale: 0.25 },
    });
    expect(Array.from(decoded[0]?.faces?.[1]?.embedding.codes ?? [])).toEqual(
      Array.from(face("", 2).embedding.codes),
    );
    expect(decoded[1]?.faces).toEqual([]);
    // A version 2 chunk (no faces) still reads.
    const older = encodeMLIndexChunk({ seq: 4, entries: [{ fileID: 5, things: [] }] });
    older[3] = 2;
    expect(decodeMLIndexChunk(older).entries).toEqual([{ fileID: 5, things: [] }]);
  });

  it("holds a full chunk of embedded and tagged files in a few MB", () => {
    const entries = Array.from({ length: maxEntriesPerChunk }, (_, index) => ({
      fileID: 1_000_000 + index,
      clip: { codes: codesOf(index), scale: 0.001 * (index + 1) },
      things: index % 3 === 0 ? ["dog", "person"] : [],
    }));
    const bytes = encodeMLIndexChunk({ seq: 1, entries });
    expect(bytes.length).toBeLessThan(3 * 1024 * 1024);
    const decoded = decodeMLIndexChunk(bytes);
    expect(decoded.entries).toHaveLength(maxEntriesPerChunk);
    expect(decoded.entries[4095]?.fileID).toBe(1_004_095);
    expect(Array.from(decoded.entries[4095]?.clip?.codes ?? [])).toEqual(Array.from(codesOf(4095)));
    expect(decoded.entries[3]?.things).toEqual(["dog", "person"]);
  });

  it("keeps no label in clear more than once: a chunk names each label once", () => {
    const entries = Array.from({ length: 100 }, (_, index) => ({ fileID: index, things: ["dog"] }));
    const text = new TextDecoder("latin1").decode(encodeMLIndexChunk({ seq: 1, entries }));
    expect(text.split("dog")).toHaveLength(2);
  });

  it("refuses bytes of another format, cut short, or with bytes after the end", () => {
    const bytes = encodeMLIndexChunk({
      seq: 3,
      entries: [{ fileID: 1, clip: { codes: codesOf(1), scale: 1 }, things: ["dog"] }],
    });
    const otherFormat = bytes.slice();
    otherFormat[3] = 9;
    const cases = [
      otherFormat,
      bytes.subarray(0, bytes.length - 1),
      bytes.subarray(0, 20),
      new Uint8Array([...bytes, 0]),
      new TextEncoder().encode(JSON.stringify({ fileID: 1 })),
    ];
    for (const damaged of cases) {
      expect(() => decodeMLIndexChunk(damaged)).toThrow(MLIndexChunkError);
    }
  });

  it("reads a chunk of the first version (before perceptual hashes)", () => {
    const bytes = encodeMLIndexChunk({ seq: 2, entries: [{ fileID: 5, things: ["cat"] }] });
    bytes[3] = 1;
    expect(decodeMLIndexChunk(bytes).entries).toEqual([{ fileID: 5, things: ["cat"] }]);
  });

  it("refuses a thing that names no label", () => {
    const bytes = encodeMLIndexChunk({ seq: 1, entries: [{ fileID: 1, things: ["dog"] }] });
    // The last two bytes are the thing's label index.
    bytes[bytes.length - 2] = 9;
    expect(() => decodeMLIndexChunk(bytes)).toThrow(MLIndexChunkError);
  });

  it("reads a chunk that is a view into a larger buffer", () => {
    const bytes = encodeMLIndexChunk({
      seq: 8,
      entries: [{ fileID: 9, clip: { codes: codesOf(9), scale: 0.5 }, things: ["kite"] }],
    });
    const larger = new Uint8Array(bytes.length + 16);
    larger.set(bytes, 7);
    const decoded = decodeMLIndexChunk(larger.subarray(7, 7 + bytes.length));
    expect(decoded.entries[0]?.things).toEqual(["kite"]);
    expect(Array.from(decoded.entries[0]?.clip?.codes ?? [])).toEqual(Array.from(codesOf(9)));
  });

  it("refuses to encode a CLIP row that is not 512 codes", () => {
    expect(() =>
      encodeMLIndexChunk({
        seq: 1,
        entries: [{ fileID: 1, clip: { codes: new Int8Array(511), scale: 1 } }],
      }),
    ).toThrow(MLIndexChunkError);
  });
});
