// Ente Auth's encrypted export: our export decrypts (as Ente's importer
// would), round-trips through parseImport, and a wrong password or a broken
// file gives a typed error.

import { beforeAll, describe, expect, it } from "vitest";
import { type Sodium, loadSodium } from "../../../shared/crypto/sodium";
import {
  TEST_EXPORT_KDF_LADDER,
  enteEncryptedExportJSON,
  firstOf,
  sampleEntries,
} from "../test-support/import-files";
import { decryptEnteExport, encryptExport } from "./ente-encrypted-export";
import { plainExport } from "./otpauth-list";
import { parseImport } from "./parse-import";

let sodium: Sodium;
beforeAll(async () => {
  sodium = await loadSodium();
});

describe("Ente Auth's encrypted export", () => {
  it("has Ente's shape and records the limits it was derived with", async () => {
    const json = JSON.parse(
      await encryptExport("x\n", "pw", sodium, { kdfLadder: TEST_EXPORT_KDF_LADDER }),
    ) as Record<string, unknown>;
    expect(Object.keys(json).sort()).toEqual([
      "encryptedData",
      "encryptionNonce",
      "kdfParams",
      "version",
    ]);
    expect(json.version).toBe(1);
    expect(json.kdfParams).toMatchObject({ memLimit: 8 * 1024 * 1024, opsLimit: 1 });
    expect(
      sodium.from_base64(
        (json.kdfParams as { salt: string }).salt,
        sodium.base64_variants.ORIGINAL,
      ),
    ).toHaveLength(16);
    expect(
      sodium.from_base64(json.encryptionNonce as string, sodium.base64_variants.ORIGINAL),
    ).toHaveLength(24);
  });

  it("decrypts as Ente's importer does: Argon2id with the file's limits, one secretstream message", async () => {
    const text = plainExport(sampleEntries());
    const json = JSON.parse(
      await enteEncryptedExportJSON(sampleEntries(), "correct horse", sodium),
    ) as {
      kdfParams: { memLimit: number; opsLimit: number; salt: string };
      encryptedData: string;
      encryptionNonce: string;
    };
    const b64 = (value: string) => sodium.from_base64(value, sodium.base64_variants.ORIGINAL);
    const key = sodium.crypto_pwhash(
      32,
      sodium.from_string("correct horse"),
      b64(json.kdfParams.salt),
      json.kdfParams.opsLimit,
      json.kdfParams.memLimit,
      sodium.crypto_pwhash_ALG_ARGON2ID13,
    );
    const state = sodium.crypto_secretstream_xchacha20poly1305_init_pull(
      b64(json.encryptionNonce),
      key,
    );
    const pulled = sodium.crypto_secretstream_xchacha20poly1305_pull(
      state,
      b64(json.encryptedData),
      null,
    );
    expect(pulled && sodium.to_string(pulled.message)).toBe(text);
    expect(pulled && pulled.tag).toBe(sodium.crypto_secretstream_xchacha20poly1305_TAG_FINAL);
  });

  it("round-trips through detection, decryption and parsing", async () => {
    const exported = await enteEncryptedExportJSON(sampleEntries(), "pässwörd 🔑", sodium);
    const detected = parseImport({ name: "ente-auth-codes-2026-12-02.txt", text: exported });
    if (detected.kind !== "needs-password") throw new Error(`detected ${detected.kind}`);
    const decrypted = await decryptEnteExport(detected.encrypted, "pässwörd 🔑", sodium);
    if (!decrypted.ok) throw new Error(JSON.stringify(decrypted.error));
    const parsed = parseImport({ name: "decrypted", text: decrypted.value });
    if (parsed.kind !== "entries") throw new Error(`parsed ${parsed.kind}`);
    expect(parsed.entries.map((item) => item.entry.otp)).toEqual(
      sampleEntries().map((entry) => entry.otp),
    );
    expect(firstOf(parsed.entries).entry.display).toMatchObject({ pinned: true, tags: ["work"] });
  });

  it("refuses a wrong password", async () => {
    const exported = await enteEncryptedExportJSON(sampleEntries(), "right", sodium);
    expect(await decryptEnteExport(exported, "wrong", sodium)).toEqual({
      ok: false,
      error: { kind: "wrong-password" },
    });
  });

  it("refuses tampered data as a wrong password (the MAC cannot tell them apart)", async () => {
    const exported = JSON.parse(await enteEncryptedExportJSON(sampleEntries(), "pw", sodium)) as {
      encryptedData: string;
    };
    const bytes = sodium.from_base64(exported.encryptedData, sodium.base64_variants.ORIGINAL);
    bytes.set([(bytes[5] ?? 0) ^ 1], 5);
    exported.encryptedData = sodium.to_base64(bytes, sodium.base64_variants.ORIGINAL);
    expect(await decryptEnteExport(JSON.stringify(exported), "pw", sodium)).toEqual({
      ok: false,
      error: { kind: "wrong-password" },
    });
  });

  it.each([
    ["not JSON", () => "nope"],
    ["another version", (json: Record<string, unknown>) => ({ ...json, version: 2 })],
    ["a missing field", ({ encryptedData: _, ...rest }: Record<string, unknown>) => rest],
    [
      "a huge memory limit",
      (json: Record<string, unknown>) => ({
        ...json,
        kdfParams: { ...(json.kdfParams as object), memLimit: 4 * 1024 ** 3 },
      }),
    ],
    [
      "a zero pass count",
      (json: Record<string, unknown>) => ({
        ...json,
        kdfParams: { ...(json.kdfParams as object), opsLimit: 0 },
      }),
    ],
    [
      "a short salt",
      (json: Record<string, unknown>) => ({
        ...json,
        kdfParams: { ...(json.kdfParams as object), salt: "AAAA" },
      }),
    ],
    [
      "a bad nonce",
      (json: Record<string, unknown>) => ({ ...json, encryptionNonce: "not base64!" }),
    ],
    ["empty data", (json: Record<string, unknown>) => ({ ...json, encryptedData: "" })],
  ])("refuses %s as an invalid export", async (_, change) => {
    const json = JSON.parse(await enteEncryptedExportJSON([], "pw", sodium)) as Record<
      string,
      unknown
    >;
    const changed = change(json);
    const result = await decryptEnteExport(
      typeof changed === "string" ? changed : JSON.stringify(changed),
      "pw",
      sodium,
    );
    expect(!result.ok && result.error.kind).toBe("invalid-export");
  });
});
