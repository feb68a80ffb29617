import { describe, expect, it } from "vitest";
import { libraryLimits } from "../../../../shared/api/endpoints/library-schemas";
import {
  copyBatchProblem,
  copyRefusalError,
  planCopies,
  type CopiedFileRow,
  type CopyFacts,
  type LiveObjectRow,
} from "./copy-rules";

// The pure rules of `POST /files/copy`. See: [Note: Who may copy a file]

const caller = 7;
const other = 8;

const item = (id: number) => ({ id, encryptedKey: `key-${String(id)}`, keyDecryptionNonce: "n" });
const file = (id: number, ownerID = other, metadata = `meta-${String(id)}`): CopiedFileRow => ({
  file_id: id,
  owner_id: ownerID,
  file_decryption_header: `fh-${String(id)}`,
  thumbnail_decryption_header: `th-${String(id)}`,
  metadata_decryption_header: `mh-${String(id)}`,
  encrypted_metadata: metadata,
  pub_magic_metadata: null,
});
const objectsOf = (id: number): LiveObjectRow[] => [
  { file_id: id, o_type: "file", object_key: `${String(other)}/f${String(id)}`, size: 100 + id },
  { file_id: id, o_type: "thumbnail", object_key: `${String(other)}/t${String(id)}`, size: id },
];
const facts = (ids: number[], changes: Partial<CopyFacts> = {}): CopyFacts => ({
  liveInSource: new Set(ids),
  files: ids.map((id) => file(id)),
  objects: ids.flatMap(objectsOf),
  ...changes,
});

describe("copyBatchProblem", () => {
  const ids = (count: number) => Array.from({ length: count }, (_, i) => i + 1);
  it.each([
    { what: "no files", fileIDs: [], refused: false },
    { what: "the cap", fileIDs: ids(libraryLimits.copyBatch), refused: false },
    { what: "one past the cap", fileIDs: ids(libraryLimits.copyBatch + 1), refused: true },
    { what: "a file twice", fileIDs: [1, 2, 1], refused: true },
  ])("$what: refused $refused", ({ fileIDs, refused }) => {
    expect(copyBatchProblem(fileIDs) !== undefined).toBe(refused);
  });
});

describe("planCopies", () => {
  it("plans the requested files in the request's order, with their objects", () => {
    const plan = planCopies(caller, [item(3), item(1)], facts([1, 3]));
    expect(plan).toEqual([
      {
        item: item(3),
        file: file(3),
        objects: {
          fileKey: "8/f3",
          thumbnailKey: "8/t3",
          fileSizeBytes: 103,
          thumbSizeBytes: 3,
        },
      },
      {
        item: item(1),
        file: file(1),
        objects: {
          fileKey: "8/f1",
          thumbnailKey: "8/t1",
          fileSizeBytes: 101,
          thumbSizeBytes: 1,
        },
      },
    ]);
  });

  it.each([
    {
      what: "a file not live in the source",
      facts: facts([1, 2], { liveInSource: new Set([1]) }),
      refusal: { kind: "notInSourceCollection", fileID: 2 },
    },
    {
      what: "a file that does not exist",
      facts: facts([1], { liveInSource: new Set([1]) }),
      refusal: { kind: "notInSourceCollection", fileID: 2 },
    },
    {
      what: "the caller's own file",
      facts: facts([1, 2], { files: [file(1), file(2, caller)] }),
      refusal: { kind: "ownFile", fileID: 2 },
    },
    {
      what: "membership before ownership, over the whole batch",
      facts: facts([1, 2], { files: [file(1, caller), file(2)], liveInSource: new Set([1]) }),
      refusal: { kind: "notInSourceCollection", fileID: 2 },
    },
    {
      what: "a file deleted for good",
      facts: facts([1, 2], { files: [file(1), file(2, other, "-")] }),
      refusal: { kind: "deleted", fileID: 2 },
    },
    {
      what: "a file without its thumbnail",
      facts: facts([1, 2], {
        objects: [...objectsOf(1), ...objectsOf(2).filter((o) => o.o_type === "file")],
      }),
      refusal: { kind: "deleted", fileID: 2 },
    },
  ])("refuses $what", ({ facts: known, refusal }) => {
    expect(planCopies(caller, [item(1), item(2)], known)).toEqual(refusal);
  });

  it.each([
    { kind: "notInSourceCollection", status: 404, code: "FILE_NOT_FOUND_IN_ALBUM" },
    { kind: "ownFile", status: 400, code: "BAD_REQUEST" },
    { kind: "deleted", status: 404, code: "NOT_FOUND" },
  ] as const)("answers $kind with $status $code", ({ kind, status, code }) => {
    expect(copyRefusalError({ kind, fileID: 5 })).toMatchObject({ status, code });
  });
});
