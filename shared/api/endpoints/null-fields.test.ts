// [Note: A request's null is its absence], endpoint by endpoint: each field a
// reference client may send as null parses as if it were left out.

import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { createCollection, createShareURL, shareCollection, updateShareURL } from "./collections";
import { putFileData } from "./file-data";
import { createFile, updateFileMagicMetadata } from "./files";

/** Base64 of `length` bytes (the sizes the schemas check). */
const bytesB64 = (length: number) => Buffer.alloc(length, 7).toString("base64");

const magicMetadata = { version: 1, count: 1, data: bytesB64(40), header: bytesB64(24) };
const uploadedObject = (objectKey: string) => ({ objectKey, decryptionHeader: bytesB64(24) });

const cases: [name: string, body: z.ZodType, minimal: Record<string, unknown>, fields: string[]][] =
  [
    [
      "POST /collections",
      createCollection.body,
      {
        encryptedKey: bytesB64(48),
        keyDecryptionNonce: bytesB64(24),
        encryptedName: bytesB64(24),
        nameDecryptionNonce: bytesB64(24),
        type: "album",
      },
      ["attributes", "magicMetadata", "pubMagicMetadata"],
    ],
    [
      "POST /files",
      createFile.body,
      {
        collectionID: 1,
        encryptedKey: bytesB64(48),
        keyDecryptionNonce: bytesB64(24),
        file: uploadedObject("1/file"),
        thumbnail: uploadedObject("1/thumb"),
        metadata: { encryptedData: bytesB64(40), decryptionHeader: bytesB64(24) },
      },
      ["magicMetadata", "pubMagicMetadata"],
    ],
    [
      "PUT /files/magic-metadata",
      updateFileMagicMetadata.body,
      { metadataList: [{ id: 1, magicMetadata }] },
      ["skipVersion"],
    ],
    [
      "POST /collections/share",
      shareCollection.body,
      { collectionID: 1, email: "bob@example.org", encryptedKey: bytesB64(80) },
      ["role"],
    ],
    [
      "POST /collections/share-url",
      createShareURL.body,
      { collectionID: 1 },
      ["enableCollect", "enableComment", "enableJoin", "validTill", "deviceLimit"],
    ],
    [
      "PUT /collections/share-url",
      updateShareURL.body,
      { collectionID: 1, enableDownload: false },
      [
        "validTill",
        "deviceLimit",
        "passHash",
        "nonce",
        "memLimit",
        "opsLimit",
        "disablePassword",
        "enableCollect",
        "enableComment",
        "enableJoin",
        "minRole",
      ],
    ],
    [
      "PUT /files/data",
      putFileData.body,
      { fileID: 1, type: "mldata", encryptedData: bytesB64(64), decryptionHeader: bytesB64(24) },
      ["version", "lastUpdatedAt"],
    ],
  ];

describe.each(cases)("%s", (_, body, minimal, fields) => {
  it.each(fields)("takes %s as null, as if it were left out", (field) => {
    const withoutIt = body.safeParse(minimal);
    expect(withoutIt.error).toBeUndefined();
    const withNull = body.safeParse({ ...minimal, [field]: null });
    expect(withNull.error).toBeUndefined();
    const parsed = withNull.data as Record<string, unknown>;
    expect(parsed[field] ?? undefined).toBeUndefined();
  });
});
