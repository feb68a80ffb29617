import { describe, expect, it } from "vitest";
import {
  FileStatusChunkError,
  decodeFileStatusChunk,
  encodeFileStatusChunk,
} from "./file-status-chunks";

// See: [Note: The face database keeps each file's faces and status]

describe("a chunk of face indexing statuses", () => {
  it("reads back as written, tombstones included", () => {
    const chunk = {
      seq: 12,
      entries: [
        { fileID: 1, state: { status: "indexed" as const, failureCount: 0 } },
        { fileID: 2 ** 40 + 3, state: { status: "indexable" as const, failureCount: 2 } },
        { fileID: 9 },
      ],
    };
    expect(decodeFileStatusChunk(encodeFileStatusChunk(chunk))).toEqual(chunk);
  });

  it("keeps a failure count beyond a byte as the most a byte holds", () => {
    const bytes = encodeFileStatusChunk({
      seq: 1,
      entries: [{ fileID: 1, state: { status: "indexable", failureCount: 1000 } }],
    });
    expect(decodeFileStatusChunk(bytes).entries[0]?.state?.failureCount).toBe(255);
  });

  it("refuses bytes of another format, cut short or with an unknown status", () => {
    const bytes = encodeFileStatusChunk({
      seq: 1,
      entries: [{ fileID: 1, state: { status: "indexed", failureCount: 0 } }],
    });
    expect(() => decodeFileStatusChunk(Uint8Array.of(0x43, 0x4d, 0x49, 0x03))).toThrow(
      FileStatusChunkError,
    );
    expect(() => decodeFileStatusChunk(bytes.subarray(0, bytes.length - 1))).toThrow(
      FileStatusChunkError,
    );
    const unknown = bytes.slice();
    unknown[16 + 8] = 7;
    expect(() => decodeFileStatusChunk(unknown)).toThrow(FileStatusChunkError);
  });
});
