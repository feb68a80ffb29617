// The binary form of a chunk of the face database's `file-status` store,
// as it is sealed: pure encoding and decoding, no I/O.
// See: [Note: The face database keeps each file's faces and status]

import type { EntryChunk } from "./sealed-chunks";

/** Spec §3 face data: a file is indexable (its faces not yet known) or indexed. */
export type FaceFileStatus = "indexable" | "indexed";

/** A file's face indexing status, and how many times finding its faces failed. */
export interface FaceIndexingState {
  status: FaceFileStatus;
  failureCount: number;
}

/** One file's entry; without a state it is a tombstone (the file's status went). */
export interface FileStatusEntry {
  fileID: number;
  state?: FaceIndexingState | undefined;
}

export class FileStatusChunkError extends Error {
  override readonly name = "FileStatusChunkError";
}

// Layout, little-endian:
//
//   tag         4 bytes  "CFS" 0x01
//   seq         f64
//   entryCount  u32
//   each entry: fileID f64, status u8 (0: none, 1: indexable, 2: indexed),
//               failureCount u8 (counts above 255 are kept as 255)

const formatTag = [0x43, 0x46, 0x53, 0x01] as const;
const headerBytes = 4 + 8 + 4;
const entryBytes = 8 + 1 + 1;
const statusCodes: Record<FaceFileStatus, number> = { indexable: 1, indexed: 2 };
const maxU8 = 0xff;

export const encodeFileStatusChunk = ({
  seq,
  entries,
}: EntryChunk<FileStatusEntry>): Uint8Array<ArrayBuffer> => {
  const bytes = new Uint8Array(headerBytes + entries.length * entryBytes);
  const view = new DataView(bytes.buffer);
  bytes.set(formatTag, 0);
  view.setFloat64(4, seq, true);
  view.setUint32(12, entries.length, true);
  let at = headerBytes;
  for (const { fileID, state } of entries) {
    view.setFloat64(at, fileID, true);
    view.setUint8(at + 8, state === undefined ? 0 : statusCodes[state.status]);
    view.setUint8(at + 9, Math.min(Math.max(state?.failureCount ?? 0, 0), maxU8));
    at += entryBytes;
  }
  return bytes;
};

/** The chunk `bytes` hold. Throws `FileStatusChunkError` for bytes of another format or damaged ones. */
export const decodeFileStatusChunk = (bytes: Uint8Array): EntryChunk<FileStatusEntry> => {
  if (bytes.length < headerBytes || formatTag.some((byte, index) => bytes[index] !== byte)) {
    throw new FileStatusChunkError("Not a chunk of face indexing statuses");
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const seq = view.getFloat64(4, true);
  const entryCount = view.getUint32(12, true);
  if (bytes.length !== headerBytes + entryCount * entryBytes) {
    throw new FileStatusChunkError("A chunk of face indexing statuses has the wrong length");
  }
  const entries: FileStatusEntry[] = [];
  for (let at = headerBytes; at < bytes.length; at += entryBytes) {
    const fileID = view.getFloat64(at, true);
    const code = view.getUint8(at + 8);
    const failureCount = view.getUint8(at + 9);
    if (code === 0) entries.push({ fileID });
    else if (code === statusCodes.indexable) {
      entries.push({ fileID, state: { status: "indexable", failureCount } });
    } else if (code === statusCodes.indexed) {
      entries.push({ fileID, state: { status: "indexed", failureCount } });
    } else throw new FileStatusChunkError("An unknown face indexing status");
  }
  return { seq, entries };
};
