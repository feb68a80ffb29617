// Writers of example import files in each format we read, from entries: an
// Aegis vault, a 2FAS backup, Google Authenticator migration URIs, Ente Auth's
// plain and encrypted exports. Unit tests and browser tests import what these
// write, so the files are made the way the apps make them (field names,
// enums, encodings), not the way our parser happens to read them.

import { BinaryWriter, WireType } from "@bufbuild/protobuf/wire";
import type { KEKLimits } from "../../../shared/crypto/kek";
import type { Sodium } from "../../../shared/crypto/sodium";
import { type AuthenticatorEntry, emptyCodeDisplay, secretBytesOf } from "../codes";
import {
  MIGRATION_ALGORITHM,
  MIGRATION_DIGITS,
  MIGRATION_TYPE,
  type MigrationOtpParameters,
  encryptExport,
  plainExport,
} from "../transfer";

/** Entries of every kind and algorithm, with display data, for round trips (fresh copies). */
export const samples = (): Record<"github" | "bank" | "vpn" | "steam", AuthenticatorEntry> => ({
  github: {
    otp: {
      kind: "totp",
      issuer: "GitHub",
      account: "octo@example.com",
      secretBase32: "JBSWY3DPEHPK3PXP",
      algorithm: "sha1",
      digits: 6,
      periodSeconds: 30,
      counter: 0,
    },
    display: { ...emptyCodeDisplay(), pinned: true, tags: ["work"], note: "main account" },
  },
  bank: {
    otp: {
      kind: "totp",
      issuer: "Bank: Savings & Co",
      account: "jane doe",
      secretBase32: "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQGEZA",
      algorithm: "sha256",
      digits: 8,
      periodSeconds: 60,
      counter: 0,
    },
    display: { ...emptyCodeDisplay(), tags: ["money", "family"] },
  },
  vpn: {
    otp: {
      kind: "hotp",
      issuer: "VPN",
      account: "admin",
      secretBase32: "MFRGGZDFMZTWQ2LKNNWG23TPOBYXE43UOV3HO6DZPI",
      algorithm: "sha512",
      digits: 6,
      periodSeconds: 30,
      counter: 7,
    },
    display: emptyCodeDisplay(),
  },
  steam: {
    otp: {
      kind: "steam",
      issuer: "Steam",
      account: "gamer",
      secretBase32: "63BEDWCQZKTQWPESARIERL5DTTQFCJTK",
      algorithm: "sha1",
      digits: 5,
      periodSeconds: 30,
      counter: 0,
    },
    display: emptyCodeDisplay(),
  },
});

/** The samples as a list: GitHub (TOTP), Bank (SHA-256, 8 digits, 60 s), VPN (HOTP), Steam. */
export const sampleEntries = (): AuthenticatorEntry[] => {
  const { github, bank, vpn, steam } = samples();
  return [github, bank, vpn, steam];
};

/** A fixed, readable UUID per index, so files are deterministic. */
const uuidOf = (kind: number, index: number) =>
  `0000000${kind}-0000-4000-8000-${String(index).padStart(12, "0")}`;

/** The only or first element of a list; throws on an empty one (tests read parsed results with it). */
export const firstOf = <T>(list: readonly T[]): T => {
  if (list.length === 0) throw new Error("expected a non-empty list");
  return list[0] as T;
};

/** Every tag of the entries, in first-seen order. */
const tagsOf = (entries: readonly AuthenticatorEntry[]) => [
  ...new Set(entries.flatMap((entry) => entry.display.tags)),
];

/**
 * An unencrypted Aegis vault (db version 3): pinned entries are favorites,
 * tags are groups. See: [Note: Aegis vault format]
 */
export const aegisVaultJSON = (entries: readonly AuthenticatorEntry[]): string => {
  const tags = tagsOf(entries);
  return JSON.stringify(
    {
      version: 1,
      header: { slots: null, params: null },
      db: {
        version: 3,
        entries: entries.map(({ otp, display }, index) => ({
          type: otp.kind,
          uuid: uuidOf(1, index),
          name: otp.account,
          issuer: otp.issuer,
          note: display.note,
          favorite: display.pinned,
          icon: null,
          info: {
            secret: otp.secretBase32,
            algo: otp.algorithm.toUpperCase(),
            digits: otp.digits,
            ...(otp.kind === "hotp" ? { counter: otp.counter } : { period: otp.periodSeconds }),
          },
          groups: display.tags.map((tag) => uuidOf(2, tags.indexOf(tag))),
        })),
        groups: tags.map((name, index) => ({ uuid: uuidOf(2, index), name })),
      },
    },
    null,
    4,
  );
};

/** The shape of a password-protected Aegis vault (its contents are not real). */
export const encryptedAegisVaultJSON = (): string =>
  JSON.stringify({
    version: 1,
    header: {
      slots: [
        {
          type: 1,
          uuid: uuidOf(3, 0),
          key: "00".repeat(32),
          key_params: { nonce: "00".repeat(12), tag: "00".repeat(16) },
          n: 32768,
          r: 8,
          p: 1,
          salt: "00".repeat(32),
          repaired: true,
        },
      ],
      params: { nonce: "00".repeat(12), tag: "00".repeat(16) },
    },
    db: "AAAAAAAAAAAAAAAAAAAAAA==",
  });

/** An unencrypted 2FAS backup; an entry's first tag is its group. See: [Note: 2FAS backup format] */
export const twoFasBackupJSON = (entries: readonly AuthenticatorEntry[]): string => {
  const groups = tagsOf(
    entries.map((entry) => ({
      ...entry,
      display: { ...entry.display, tags: entry.display.tags.slice(0, 1) },
    })),
  );
  return JSON.stringify({
    services: entries.map(({ otp, display }, index) => ({
      name: otp.issuer,
      secret: otp.secretBase32,
      updatedAt: 1_700_000_000_000 + index,
      otp: {
        label: `${otp.issuer}:${otp.account}`,
        account: otp.account,
        issuer: otp.issuer,
        digits: otp.digits,
        period: otp.periodSeconds,
        algorithm: otp.algorithm.toUpperCase(),
        counter: otp.counter,
        tokenType: otp.kind.toUpperCase(),
        source: "Link",
      },
      order: { position: index },
      icon: {
        selected: "Label",
        label: { text: otp.issuer.slice(0, 2).toUpperCase(), backgroundColor: "Orange" },
      },
      ...(display.tags[0] === undefined
        ? {}
        : { groupId: uuidOf(4, groups.indexOf(display.tags[0])) }),
    })),
    groups: groups.map((name, index) => ({ id: uuidOf(4, index), name, isExpanded: true })),
    updatedAt: 1_700_000_000_000,
    schemaVersion: 4,
    appVersionCode: 5000012,
    appVersionName: "5.3.0",
    appOrigin: "android",
  });
};

/** The shape of a password-protected 2FAS backup (its contents are not real). */
export const encryptedTwoFasBackupJSON = (): string =>
  JSON.stringify({
    services: [],
    groups: [],
    updatedAt: 1_700_000_000_000,
    schemaVersion: 4,
    appVersionCode: 5000012,
    appVersionName: "5.3.0",
    appOrigin: "android",
    servicesEncrypted: "AAAA:BBBB:CCCC",
    reference: "DDDD:EEEE:FFFF",
  });

/** An entry as Google Authenticator stores it. Steam has no Google form (it becomes TOTP). */
export const migrationAccountOf = ({ otp }: AuthenticatorEntry): MigrationOtpParameters => ({
  secret: secretBytesOf(otp.secretBase32) ?? new Uint8Array(),
  name: otp.account,
  issuer: otp.issuer,
  algorithm: MIGRATION_ALGORITHM[otp.algorithm],
  digits: otp.digits === 8 ? MIGRATION_DIGITS.eight : MIGRATION_DIGITS.six,
  type: otp.kind === "hotp" ? MIGRATION_TYPE.hotp : MIGRATION_TYPE.totp,
  counter: BigInt(otp.counter),
});

/** A MigrationPayload's bytes. See: [Note: Google Authenticator's MigrationPayload] */
export const migrationPayloadBytes = (
  accounts: readonly MigrationOtpParameters[],
  batch: { size: number; index: number; id: number } = { size: 1, index: 0, id: 1 },
): Uint8Array => {
  const writer = new BinaryWriter();
  for (const account of accounts) {
    const otp = writer.tag(1, WireType.LengthDelimited).fork();
    otp.tag(1, WireType.LengthDelimited).bytes(account.secret);
    otp.tag(2, WireType.LengthDelimited).string(account.name);
    otp.tag(3, WireType.LengthDelimited).string(account.issuer);
    otp.tag(4, WireType.Varint).int32(account.algorithm);
    otp.tag(5, WireType.Varint).int32(account.digits);
    otp.tag(6, WireType.Varint).int32(account.type);
    if (account.counter !== 0n) otp.tag(7, WireType.Varint).int64(account.counter);
    otp.join();
  }
  writer.tag(2, WireType.Varint).int32(1);
  writer.tag(3, WireType.Varint).int32(batch.size);
  writer.tag(4, WireType.Varint).int32(batch.index);
  writer.tag(5, WireType.Varint).int32(batch.id);
  return writer.finish();
};

/** An `otpauth-migration://offline?data=` URI, as Google Authenticator's QR codes hold. */
export const googleMigrationUri = (
  accounts: readonly MigrationOtpParameters[],
  batch?: { size: number; index: number; id: number },
): string => {
  const bytes = migrationPayloadBytes(accounts, batch);
  const base64 = btoa(String.fromCharCode(...bytes));
  return `otpauth-migration://offline?data=${encodeURIComponent(base64)}`;
};

/** Ente Auth's plain-text export of entries. */
export const entePlainExport = (entries: readonly AuthenticatorEntry[]): string =>
  plainExport(entries);

/**
 * Cheap Argon2id limits for tests (libsodium's minimum passes, 8 MiB): a real
 * export takes seconds to derive, which a test suite pays per file. The file
 * records its limits, so it reads back the same way as a real one.
 */
export const TEST_EXPORT_KDF_LADDER: readonly KEKLimits[] = [
  { opsLimit: 1, memLimitBytes: 8 * 1024 * 1024 },
];

/** Ente Auth's encrypted export of entries, at test limits. */
export const enteEncryptedExportJSON = (
  entries: readonly AuthenticatorEntry[],
  password: string,
  sodium: Sodium,
): Promise<string> =>
  encryptExport(plainExport(entries), password, sodium, { kdfLadder: TEST_EXPORT_KDF_LADDER });
