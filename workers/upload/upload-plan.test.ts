import { describe, expect, it } from "vitest";
import { libraryLimits } from "../../shared/api/endpoints/library-schemas";
import { STREAM_CHUNK_BYTES, STREAM_CIPHERTEXT_CHUNK_BYTES } from "../../shared/crypto/sizes";
import {
  InvalidUploadSizeError,
  completeMultipartXML,
  encryptedStreamBytes,
  minChunksPerPart,
  planUpload,
} from "./upload-plan";

const MiB = 1024 ** 2;

describe("encryptedStreamBytes", () => {
  it.each([
    { plaintext: 0, encrypted: 17 },
    { plaintext: 1, encrypted: 18 },
    { plaintext: STREAM_CHUNK_BYTES, encrypted: STREAM_CIPHERTEXT_CHUNK_BYTES },
    { plaintext: STREAM_CHUNK_BYTES + 1, encrypted: STREAM_CIPHERTEXT_CHUNK_BYTES + 18 },
  ])("$plaintext bytes encrypt to $encrypted", ({ plaintext, encrypted }) => {
    expect(encryptedStreamBytes(plaintext)).toBe(encrypted);
  });
});

describe("planUpload", () => {
  it("needs two chunks for a part of at least 5 MiB", () => {
    expect(minChunksPerPart).toBe(2);
    expect(minChunksPerPart * STREAM_CIPHERTEXT_CHUNK_BYTES).toBeGreaterThanOrEqual(
      libraryLimits.minPartBytes,
    );
  });

  it.each([
    { bytes: 0, perPart: 5, plan: { kind: "single" } },
    { bytes: 4 * MiB, perPart: 5, plan: { kind: "single" } },
    { bytes: 20 * MiB, perPart: 5, plan: { kind: "single" } },
    {
      bytes: 20 * MiB + 1,
      perPart: 5,
      plan: { kind: "multipart", partCount: 2, chunksPerPart: 5 },
    },
    { bytes: 12 * MiB, perPart: 2, plan: { kind: "multipart", partCount: 2, chunksPerPart: 2 } },
    { bytes: 20 * MiB, perPart: 2, plan: { kind: "multipart", partCount: 3, chunksPerPart: 2 } },
    { bytes: 8 * MiB, perPart: 2, plan: { kind: "single" } },
  ])("plans $bytes bytes with $perPart chunks a part", ({ bytes, perPart, plan }) => {
    expect(planUpload(bytes, perPart)).toMatchObject({
      ...plan,
      encryptedBytes: encryptedStreamBytes(bytes),
    });
  });

  it("stays within 10,000 parts for the largest file at the smallest parts", () => {
    const plan = planUpload(libraryLimits.fileObjectBytes - 1024 * MiB, minChunksPerPart);
    expect(plan).toMatchObject({ kind: "multipart", chunksPerPart: minChunksPerPart });
    if (plan.kind === "multipart") {
      expect(plan.partCount).toBeLessThanOrEqual(libraryLimits.multipartParts);
    }
  });

  it.each([
    { bytes: -1, perPart: 5 },
    { bytes: 1.5, perPart: 5 },
    { bytes: 1, perPart: 1 },
    { bytes: libraryLimits.fileObjectBytes, perPart: 5 },
  ])("refuses $bytes bytes with $perPart chunks a part", ({ bytes, perPart }) => {
    expect(() => planUpload(bytes, perPart)).toThrow(InvalidUploadSizeError);
  });
});

describe("completeMultipartXML", () => {
  it("lists the parts in order with their ETags", () => {
    expect(completeMultipartXML(['"a1"', "b<2>&"])).toBe(
      "<CompleteMultipartUpload>" +
        '<Part><PartNumber>1</PartNumber><ETag>"a1"</ETag></Part>' +
        "<Part><PartNumber>2</PartNumber><ETag>b&lt;2&gt;&amp;</ETag></Part>" +
        "</CompleteMultipartUpload>",
    );
  });
});
