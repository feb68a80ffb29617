// Google Authenticator's export: `otpauth-migration://offline?data=<base64 of
// a protobuf MigrationPayload>` QR codes, one per batch of accounts.

import { BinaryReader, WireType, base64Decode } from "@bufbuild/protobuf/wire";
import {
  type OtpFieldError,
  type Result,
  emptyCodeDisplay,
  entryLabel,
  err,
  ok,
  otpParametersFrom,
  secretBase32Of,
} from "../codes";
import type { ImportedItem, RefusedItem } from "./import-types";

// [Note: Google Authenticator's MigrationPayload]
//
// message MigrationPayload {
//   repeated OtpParameters otp_parameters = 1;
//   int32 version = 2; int32 batch_size = 3; int32 batch_index = 4; int32 batch_id = 5;
// }
// message OtpParameters {
//   bytes secret = 1; string name = 2; string issuer = 3;
//   Algorithm algorithm = 4;  // 0 unspecified, 1 SHA1, 2 SHA256, 3 SHA512, 4 MD5
//   DigitCount digits = 5;    // 0 unspecified, 1 six, 2 eight
//   OtpType type = 6;         // 0 unspecified, 1 HOTP, 2 TOTP
//   int64 counter = 7;
// }
// The secret is raw bytes (we write it as base32). There is no period: it is
// always 30 s. As Ente Auth does, an unspecified algorithm is SHA-1, an
// unspecified digit count 6 and an unspecified type TOTP; MD5 is refused.
// Google writes `name` as the whole label ("Issuer:account") in some
// versions, so a name that starts with the issuer and a colon loses that
// prefix (Ente keeps it, showing the issuer twice).

export const MIGRATION_PREFIX = "otpauth-migration://";

/** One account of a payload, as its fields are numbered on the wire. */
export interface MigrationOtpParameters {
  secret: Uint8Array;
  name: string;
  issuer: string;
  algorithm: number;
  digits: number;
  type: number;
  counter: bigint;
}

export const MIGRATION_ALGORITHM = {
  unspecified: 0,
  sha1: 1,
  sha256: 2,
  sha512: 3,
  md5: 4,
} as const;
export const MIGRATION_DIGITS = { unspecified: 0, six: 1, eight: 2 } as const;
export const MIGRATION_TYPE = { unspecified: 0, hotp: 1, totp: 2 } as const;

const readOtpParameters = (bytes: Uint8Array): MigrationOtpParameters => {
  const reader = new BinaryReader(bytes);
  const otp: MigrationOtpParameters = {
    secret: new Uint8Array(),
    name: "",
    issuer: "",
    algorithm: 0,
    digits: 0,
    type: 0,
    counter: 0n,
  };
  while (reader.pos < reader.len) {
    const [fieldNo, wireType] = reader.tag();
    if (fieldNo === 1 && wireType === WireType.LengthDelimited) otp.secret = reader.bytes();
    else if (fieldNo === 2 && wireType === WireType.LengthDelimited) otp.name = reader.string();
    else if (fieldNo === 3 && wireType === WireType.LengthDelimited) otp.issuer = reader.string();
    else if (fieldNo === 4 && wireType === WireType.Varint) otp.algorithm = reader.int32();
    else if (fieldNo === 5 && wireType === WireType.Varint) otp.digits = reader.int32();
    else if (fieldNo === 6 && wireType === WireType.Varint) otp.type = reader.int32();
    else if (fieldNo === 7 && wireType === WireType.Varint) otp.counter = BigInt(reader.int64());
    else reader.skip(wireType, fieldNo);
  }
  return otp;
};

/** The accounts of a MigrationPayload (the batch fields are not needed to import). */
export const readMigrationPayload = (bytes: Uint8Array): MigrationOtpParameters[] => {
  const reader = new BinaryReader(bytes);
  const accounts: MigrationOtpParameters[] = [];
  while (reader.pos < reader.len) {
    const [fieldNo, wireType] = reader.tag();
    if (fieldNo === 1 && wireType === WireType.LengthDelimited) {
      accounts.push(readOtpParameters(reader.bytes()));
    } else {
      reader.skip(wireType, fieldNo);
    }
  }
  return accounts;
};

const ALGORITHM_NAMES: Record<number, string> = {
  0: "SHA1",
  1: "SHA1",
  2: "SHA256",
  3: "SHA512",
  4: "MD5",
};
const DIGITS_OF: Record<number, number> = { 0: 6, 1: 6, 2: 8 };
const TYPE_NAMES: Record<number, string> = { 0: "totp", 1: "hotp", 2: "totp" };

/** An account of a payload as OTP parameters. See: [Note: Google Authenticator's MigrationPayload] */
export const migrationAccountToItem = (
  account: MigrationOtpParameters,
): Result<ImportedItem, { label: string; error: OtpFieldError }> => {
  const { issuer } = account;
  const name =
    issuer !== "" && account.name.startsWith(`${issuer}:`)
      ? account.name.slice(issuer.length + 1).trimStart()
      : account.name;
  const label = entryLabel({ issuer, account: name }) || "an unnamed account";
  const digits = DIGITS_OF[account.digits];
  const otp = otpParametersFrom({
    type: TYPE_NAMES[account.type] ?? `type ${account.type}`,
    issuer,
    account: name,
    secret: secretBase32Of(account.secret),
    algorithm: ALGORITHM_NAMES[account.algorithm] ?? `algorithm ${account.algorithm}`,
    digits: digits ?? `digit count ${account.digits}`,
    counter:
      account.counter <= BigInt(Number.MAX_SAFE_INTEGER)
        ? Number(account.counter)
        : String(account.counter),
  });
  if (!otp.ok) return err({ label, error: otp.error });
  return ok({ entry: { otp: otp.value, display: emptyCodeDisplay() }, label });
};

/**
 * Reads one `otpauth-migration://offline?data=` line into imported and
 * refused items (a malformed payload is one refused item).
 */
export const parseMigrationUri = (
  uri: string,
  line: number,
): { entries: ImportedItem[]; refused: RefusedItem[] } => {
  const refuseAll = (reason: string) => ({
    entries: [],
    refused: [{ label: `line ${line}`, line, error: { kind: "invalid-item" as const, reason } }],
  });
  const match = /^otpauth-migration:\/\/offline\?(?:.*&)?data=([^&]*)/i.exec(uri);
  if (!match) return refuseAll("a Google Authenticator export without data");
  let accounts: MigrationOtpParameters[];
  try {
    // The data is URL-encoded standard base64; `base64Decode` also takes the URL-safe alphabet.
    accounts = readMigrationPayload(base64Decode(decodeURIComponent(match[1] ?? "")));
  } catch {
    return refuseAll("a Google Authenticator export whose data cannot be decoded");
  }
  const entries: ImportedItem[] = [];
  const refused: RefusedItem[] = [];
  for (const account of accounts) {
    const item = migrationAccountToItem(account);
    if (item.ok) entries.push({ ...item.value, line });
    else refused.push({ ...item.error, line });
  }
  return { entries, refused };
};
