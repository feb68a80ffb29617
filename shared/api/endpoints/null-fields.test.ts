// [Note: A request's null is its absence], endpoint by endpoint: each field a
// reference client may send as null parses as if it were left out.

import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { createCollection, createShareURL, shareCollection, updateShareURL } from "./collections";
import { putFileData } from "./file-data";
import { createFile, getUploadURLs, updateFileMagicMetadata } from "./files";
import { modifyFamilyStorage } from "./families";
import { updateSRPAndKeys } from "./srp";
import { recoverTwoFactor, removeTwoFactor } from "./two-factor";
import { createUserEntity, updateUserEntity } from "./user-entity";
import { deleteAccount, sendOtt, setKeyAttributes, verifyEmail } from "./users";

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
    [
      "POST /users/ott",
      sendOtt.body,
      { email: "alice@example.org" },
      ["purpose", "mobile", "client"],
    ],
    [
      "POST /users/verify-email",
      verifyEmail.body,
      { email: "alice@example.org", ott: "123456" },
      ["source"],
    ],
    [
      "DELETE /users/delete",
      deleteAccount.body,
      { challenge: "opened" },
      ["reason", "reasonCategory", "feedback"],
    ],
    [
      "POST /users/srp/update",
      updateSRPAndKeys.body,
      {
        setupID: "0b3c6c39-8f2c-4f5e-9d8a-6a0f4f1d2e3b",
        srpM1: bytesB64(32),
        updatedKeyAttr: {
          kekSalt: bytesB64(16),
          encryptedKey: bytesB64(48),
          keyDecryptionNonce: bytesB64(24),
          memLimit: 67108864,
          opsLimit: 2,
        },
      },
      ["logOutOtherDevices"],
    ],
    [
      "POST /users/two-factor/remove",
      removeTwoFactor.body,
      { sessionID: "0b3c6c39-8f2c-4f5e-9d8a-6a0f4f1d2e3b", secret: "SECRET" },
      ["twoFactorType"],
    ],
    [
      "POST /family/modify-storage",
      modifyFamilyStorage.body,
      { id: "0b3c6c39-8f2c-4f5e-9d8a-6a0f4f1d2e3b" },
      ["storageLimit"],
    ],
    [
      "POST /user-entity/entity",
      createUserEntity.body,
      { type: "location", encryptedData: bytesB64(40), header: bytesB64(24) },
      ["id"],
    ],
    [
      "PUT /user-entity/entity",
      updateUserEntity.body,
      { id: "location_x", type: "location", encryptedData: bytesB64(40), header: bytesB64(24) },
      ["expectedUpdatedAt"],
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

const minimalKeyAttributes = {
  kekSalt: bytesB64(16),
  encryptedKey: bytesB64(48),
  keyDecryptionNonce: bytesB64(24),
  publicKey: bytesB64(32),
  encryptedSecretKey: bytesB64(48),
  secretKeyDecryptionNonce: bytesB64(24),
  memLimit: 67108864,
  opsLimit: 2,
};

describe("PUT /users/attributes", () => {
  it.each([
    "kekHash",
    "masterKeyEncryptedWithRecoveryKey",
    "masterKeyDecryptionNonce",
    "recoveryKeyEncryptedWithMasterKey",
    "recoveryKeyDecryptionNonce",
  ])("takes keyAttributes.%s as null, as if it were left out", (field) => {
    const keyAttributes = { ...minimalKeyAttributes, [field]: null };
    const parsed = setKeyAttributes.body.safeParse({ keyAttributes });
    expect(parsed.error).toBeUndefined();
    expect((parsed.data?.keyAttributes as Record<string, unknown>)[field]).toBeUndefined();
  });
});

describe("the second factor a recovery is for", () => {
  it.each([null, "", undefined])("reads %j as TOTP in a body", (twoFactorType) => {
    const parsed = removeTwoFactor.body.parse({
      sessionID: "0b3c6c39-8f2c-4f5e-9d8a-6a0f4f1d2e3b",
      secret: "SECRET",
      twoFactorType,
    });
    expect(parsed.twoFactorType ?? "totp").toBe("totp");
  });

  it("reads an empty query value as TOTP, and refuses an unknown one", () => {
    const sessionID = "0b3c6c39-8f2c-4f5e-9d8a-6a0f4f1d2e3b";
    expect(recoverTwoFactor.query.parse({ sessionID, twoFactorType: "" }).twoFactorType).toBe(
      undefined,
    );
    expect(
      recoverTwoFactor.query.parse({ sessionID, twoFactorType: "passkey" }).twoFactorType,
    ).toBe("passkey");
    expect(recoverTwoFactor.query.safeParse({ sessionID, twoFactorType: "sms" }).success).toBe(
      false,
    );
  });
});

describe("GET /files/upload-urls", () => {
  it("gives a larger count the 50 a call mints, as Ente's server does", () => {
    expect(getUploadURLs.query.parse({ count: "500" }).count).toBe(50);
    expect(getUploadURLs.query.parse({ count: "7" }).count).toBe(7);
    expect(getUploadURLs.query.safeParse({ count: "-1" }).success).toBe(false);
  });
});
