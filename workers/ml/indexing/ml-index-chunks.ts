// The binary form of a chunk of the ML indexes, as it is sealed into
// `embeddings_v2`: pure encoding and decoding, no I/O.
// See: [Note: The ML indexes are kept as sealed chunks]

import { clipEmbeddingLength } from "../clip/clip-embedding";
import type { PerceptualHash } from "../../dedupe/perceptual-hash";
import type { IndexedFace } from "./indexed-faces";

/**
 * What the library's ML indexes hold of one file: its CLIP embedding as the
 * index keeps it (8-bit codes and a scale), the things seen in it, and its
 * perceptual hash. An entry with none of them says the file has nothing (any older entry of it is
 * void): a tombstone.
 */
export interface MLIndexEntry {
  fileID: number;
  clip?: { codes: Int8Array; scale: number } | undefined;
  /** The things' labels; empty when the file was indexed and nothing was seen. */
  things?: readonly string[] | undefined;
  /** Its perceptual hash (similar photos). */
  phash?: PerceptualHash | undefined;
  /** Its faces, once face-indexed; empty when the photo shows none. */
  faces?: readonly IndexedFace[] | undefined;
}

/** A chunk: entries, and its place in the order of writes (a later chunk's entry wins). */
export interface MLIndexChunk {
  seq: number;
  entries: readonly MLIndexEntry[];
}

/**
 * The most entries a chunk holds: 4,096 entries with embeddings are 2.1 MB
 * (8 + 1 + 4 + 512 bytes each, and a few bytes of labels), so 100,000 files
 * are 25 chunks, each one pool call's worth of sealing and one short read.
 */
export const maxEntriesPerChunk = 4096;

/**
 * "CMI" and the format's version: a chunk of another format is refused, not
 * misread. Version 2 added the perceptual hash's flag, version 3 the faces';
 * chunks written as older versions (which never set them) still read.
 */
const formatTag = [0x43, 0x4d, 0x49, 0x03] as const;
const readableVersions: ReadonlySet<number> = new Set([0x01, 0x02, 0x03]);
const hasClip = 1;
const hasThings = 2;
const hasPerceptualHash = 4;
const hasFaces = 8;
/** A face's fixed part: box (4 × f32), score, blur (f32), embedding's length (u16) and scale (f32). */
const faceFixedBytes = 4 * 4 + 4 + 4 + 2 + 4;
/** Labels and a file's things are counted in 16 bits (COCO has 80 labels). */
const maxU16 = 0xffff;

export class MLIndexChunkError extends Error {
  override readonly name = "MLIndexChunkError";
}

const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8", { fatal: true });

// Layout, little-endian, one entry after another (no alignment is needed:
// numbers go through a DataView and codes are bytes):
//
//   tag          4 bytes  "CMI" 0x01
//   seq          f64
//   entryCount   u32
//   labelCount   u16, then each label: u16 byte length, UTF-8
//   each entry:  fileID f64, flags u8 (1: CLIP, 2: things, 4: hash),
//                [CLIP: scale f32, 512 codes i8],
//                [things: count u16, count × label index u16],
//                [hash: high u32, low u32],
//                [faces: count u16, each face: ID (u16 byte length, UTF-8),
//                 box x, y, width, height f32, score f32, blur f32,
//                 embedding length u16, scale f32, codes i8]

/** The chunk's bytes. Throws `MLIndexChunkError` for an entry it cannot hold. */
export const encodeMLIndexChunk = ({ seq, entries }: MLIndexChunk): Uint8Array<ArrayBuffer> => {
  const labelIndex = new Map<string, number>();
  const labelBytes: Uint8Array[] = [];
  let size = 4 + 8 + 4 + 2;
  for (const { things } of entries) {
    for (const label of things ?? []) {
      if (labelIndex.has(label)) continue;
      const bytes = encoder.encode(label);
      if (bytes.length > maxU16) throw new MLIndexChunkError("A label is too long");
      labelIndex.set(label, labelBytes.length);
      labelBytes.push(bytes);
      size += 2 + bytes.length;
    }
  }
  if (labelBytes.length > maxU16) throw new MLIndexChunkError("Too many labels in a chunk");
  const faceIDBytes = new Map<IndexedFace, Uint8Array>();
  for (const { clip, things, phash, faces } of entries) {
    size += 8 + 1 + (phash === undefined ? 0 : 8);
    if (faces !== undefined) {
      if (faces.length > maxU16) throw new MLIndexChunkError("Too many faces in a file");
      size += 2;
      for (const face of faces) {
        const idBytes = encoder.encode(face.faceID);
        if (idBytes.length > maxU16 || face.embedding.codes.length > maxU16) {
          throw new MLIndexChunkError("A face is too large");
        }
        faceIDBytes.set(face, idBytes);
        size += 2 + idBytes.length + faceFixedBytes + face.embedding.codes.length;
      }
    }
    if (clip !== undefined) {
      if (clip.codes.length !== clipEmbeddingLength) {
        throw new MLIndexChunkError("A CLIP row is not 512 codes");
      }
      size += 4 + clipEmbeddingLength;
    }
    if (things !== undefined) {
      if (things.length > maxU16) throw new MLIndexChunkError("Too many things in a file");
      size += 2 + 2 * things.length;
    }
  }

  const bytes = new Uint8Array(size);
  const view = new DataView(bytes.buffer);
  let at = 0;
  bytes.set(formatTag, at);
  at += 4;
  view.setFloat64(at, seq, true);
  at += 8;
  view.setUint32(at, entries.length, true);
  at += 4;
  view.setUint16(at, labelBytes.length, true);
  at += 2;
  for (const label of labelBytes) {
    view.setUint16(at, label.length, true);
    bytes.set(label, at + 2);
    at += 2 + label.length;
  }
  for (const { fileID, clip, things, phash, faces } of entries) {
    view.setFloat64(at, fileID, true);
    view.setUint8(
      at + 8,
      (clip === undefined ? 0 : hasClip) |
        (things === undefined ? 0 : hasThings) |
        (phash === undefined ? 0 : hasPerceptualHash) |
        (faces === undefined ? 0 : hasFaces),
    );
    at += 9;
    if (clip !== undefined) {
      view.setFloat32(at, clip.scale, true);
      bytes.set(
        new Uint8Array(clip.codes.buffer, clip.codes.byteOffset, clipEmbeddingLength),
        at + 4,
      );
      at += 4 + clipEmbeddingLength;
    }
    if (things !== undefined) {
      view.setUint16(at, things.length, true);
      at += 2;
      for (const label of things) {
        view.setUint16(at, labelIndex.get(label) ?? 0, true);
        at += 2;
      }
    }
    if (phash !== undefined) {
      view.setUint32(at, phash.high, true);
      view.setUint32(at + 4, phash.low, true);
      at += 8;
    }
    if (faces !== undefined) at = writeFaces(view, bytes, at, faces, faceIDBytes);
  }
  return bytes;
};

/**
 * The chunk `bytes` hold. Its entries' codes are views over `bytes` (copy
 * them to keep them). Throws `MLIndexChunkError` for bytes of another format
 * or damaged ones.
 */
export const decodeMLIndexChunk = (bytes: Uint8Array): MLIndexChunk => {
  if (
    formatTag.slice(0, 3).some((byte, index) => bytes[index] !== byte) ||
    !readableVersions.has(bytes[3] ?? 0)
  ) {
    throw new MLIndexChunkError("Not a chunk of the ML indexes");
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    let at = 4;
    const seq = view.getFloat64(at, true);
    const entryCount = view.getUint32(at + 8, true);
    const labelCount = view.getUint16(at + 12, true);
    at += 14;
    const labels: string[] = [];
    for (let index = 0; index < labelCount; index++) {
      const length = view.getUint16(at, true);
      if (at + 2 + length > bytes.length) throw new MLIndexChunkError("A label runs past the end");
      labels.push(decoder.decode(bytes.subarray(at + 2, at + 2 + length)));
      at += 2 + length;
    }
    const entries: MLIndexEntry[] = [];
    for (let index = 0; index < entryCount; index++) {
      const fileID = view.getFloat64(at, true);
      const flags = view.getUint8(at + 8);
      at += 9;
      const entry: MLIndexEntry = { fileID };
      if ((flags & hasClip) !== 0) {
        const scale = view.getFloat32(at, true);
        if (at + 4 + clipEmbeddingLength > bytes.length) {
          throw new MLIndexChunkError("A CLIP row runs past the end");
        }
        entry.clip = {
          codes: new Int8Array(bytes.buffer, bytes.byteOffset + at + 4, clipEmbeddingLength),
          scale,
        };
        at += 4 + clipEmbeddingLength;
      }
      if ((flags & hasThings) !== 0) {
        const count = view.getUint16(at, true);
        at += 2;
        const things: string[] = [];
        for (let thing = 0; thing < count; thing++) {
          const label = labels[view.getUint16(at, true)];
          if (label === undefined) throw new MLIndexChunkError("A thing names no label");
          things.push(label);
          at += 2;
        }
        entry.things = things;
      }
      if ((flags & hasPerceptualHash) !== 0) {
        entry.phash = { high: view.getUint32(at, true), low: view.getUint32(at + 4, true) };
        at += 8;
      }
      if ((flags & hasFaces) !== 0) {
        const read = readFaces(view, bytes, at);
        entry.faces = read.faces;
        at = read.at;
      }
      entries.push(entry);
    }
    if (at !== bytes.length) throw new MLIndexChunkError("Bytes after the last entry");
    return { seq, entries };
  } catch (e) {
    // A DataView read past the end throws a RangeError.
    if (e instanceof MLIndexChunkError) throw e;
    throw new MLIndexChunkError("A chunk of the ML indexes is cut short", { cause: e });
  }
};

const writeFaces = (
  view: DataView,
  bytes: Uint8Array,
  start: number,
  faces: readonly IndexedFace[],
  idBytesOf: ReadonlyMap<IndexedFace, Uint8Array>,
): number => {
  let at = start;
  view.setUint16(at, faces.length, true);
  at += 2;
  for (const face of faces) {
    const idBytes = idBytesOf.get(face) ?? encoder.encode(face.faceID);
    view.setUint16(at, idBytes.length, true);
    bytes.set(idBytes, at + 2);
    at += 2 + idBytes.length;
    const { box, score, blur, embedding } = face;
    for (const value of [box.x, box.y, box.width, box.height, score, blur]) {
      view.setFloat32(at, value, true);
      at += 4;
    }
    view.setUint16(at, embedding.codes.length, true);
    view.setFloat32(at + 2, embedding.scale, true);
    at += 6;
    bytes.set(
      new Uint8Array(embedding.codes.buffer, embedding.codes.byteOffset, embedding.codes.length),
      at,
    );
    at += embedding.codes.length;
  }
  return at;
};

const readFaces = (
  view: DataView,
  bytes: Uint8Array,
  start: number,
): { faces: IndexedFace[]; at: number } => {
  let at = start;
  const count = view.getUint16(at, true);
  at += 2;
  const faces: IndexedFace[] = [];
  for (let index = 0; index < count; index++) {
    const idLength = view.getUint16(at, true);
    if (at + 2 + idLength > bytes.length) throw new MLIndexChunkError("A face runs past the end");
    const faceID = decoder.decode(bytes.subarray(at + 2, at + 2 + idLength));
    at += 2 + idLength;
    const [x = 0, y = 0, width = 0, height = 0, score = 0, blur = 0] = Array.from(
      { length: 6 },
      (_, i) => view.getFloat32(at + 4 * i, true),
    );
    at += 24;
    const length = view.getUint16(at, true);
    const scale = view.getFloat32(at + 2, true);
    at += 6;
    if (at + length > bytes.length) throw new MLIndexChunkError("A face runs past the end");
    faces.push({
      faceID,
      box: { x, y, width, height },
      score,
      blur,
      embedding: { codes: new Int8Array(bytes.buffer, bytes.byteOffset + at, length), scale },
    });
    at += length;
  }
  return { faces, at };
};
