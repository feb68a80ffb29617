import { hkdfSync, randomBytes } from "node:crypto";
import { chmod, mkdir, readFile, rename, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";

// [Note: Server secrets live in the data directory]
//
// The server's own keys are generated on first start and kept in
// `<data>/secrets.json` (mode 0600), then reused on every start: changing
// them would log everybody out (JWT secret), make stored emails unreadable
// (key-encryption key) and unfindable (hash key), and break every blob URL
// already handed out (signing key). A key missing from an older file is
// generated and added; a key of the wrong length stops the start.

/** Lengths per wire-contract §1.2/§1.3; the signing key matches HMAC-SHA256's block strength. */
const secretLengthsBytes = {
  /** HS256 secret for the scoped JWTs (§1.2). */
  jwtSecret: 32,
  /** `key.encryption`: crypto_secretbox key for emails and TOTP secrets (§1.3). */
  keyEncryption: 32,
  /** `key.hash`: BLAKE2b key for email lookup hashes (§1.3). */
  keyHash: 64,
  /** HMAC-SHA256 key of the local blob store's signed URLs. */
  blobURLSigning: 32,
} as const;

export type SecretName = keyof typeof secretLengthsBytes;
export type ServerSecrets = Readonly<Record<SecretName, Buffer>>;

const secretNames = Object.keys(secretLengthsBytes) as SecretName[];

const fileSchema = z.record(z.string(), z.string());

export class SecretsError extends Error {
  override name = "SecretsError";
}

export const secretsFileName = "secrets.json";

/**
 * Read `<dataDir>/secrets.json`, creating it or adding missing keys as needed.
 * See: [Note: Server secrets live in the data directory]
 */
export const loadOrCreateSecrets = async (dataDir: string): Promise<ServerSecrets> => {
  const file = path.join(dataDir, secretsFileName);
  let stored: Record<string, string> = {};
  let exists = true;
  try {
    const parsed = fileSchema.safeParse(JSON.parse(await readFile(file, "utf8")));
    if (!parsed.success) throw new SecretsError(`${file} is not an object of base64 strings`);
    stored = parsed.data;
  } catch (error) {
    if (error instanceof SecretsError) throw error;
    if ((error as NodeJS.ErrnoException).code === "ENOENT") exists = false;
    else throw new SecretsError(`Cannot read ${file}: ${String(error)}`, { cause: error });
  }

  const secrets = {} as Record<SecretName, Buffer>;
  let changed = !exists;
  for (const name of secretNames) {
    const valueB64 = stored[name];
    if (valueB64 === undefined) {
      secrets[name] = randomBytes(secretLengthsBytes[name]);
      changed = true;
      continue;
    }
    const value = Buffer.from(valueB64, "base64");
    if (value.length !== secretLengthsBytes[name] || value.toString("base64") !== valueB64) {
      throw new SecretsError(
        `${file}: "${name}" must be ${secretLengthsBytes[name]} bytes in standard base64`,
      );
    }
    secrets[name] = value;
  }

  if (changed) {
    await mkdir(dataDir, { recursive: true });
    const contents = Object.fromEntries(
      secretNames.map((name) => [name, secrets[name].toString("base64")]),
    );
    // Write a private temporary file and rename it over the old one, so the
    // secrets are never world-readable and never half-written.
    const temporary = `${file}.${process.pid}.tmp`;
    await writeFile(temporary, `${JSON.stringify({ ...stored, ...contents }, null, 2)}\n`, {
      mode: 0o600,
    });
    await rename(temporary, file);
  } else if (((await stat(file)).mode & 0o077) !== 0) {
    // Someone loosened the permissions; secrets stay private to the server's user.
    await chmod(file, 0o600);
  }
  return secrets;
};

// [Note: Keyed hashes of short secrets use keys derived from the hash key]
//
// Some values must be recognisable later but never recoverable from where
// they are kept: a one-time code in the database (six digits: an unkeyed hash
// is undone by trying all million), an email in the logs. They are kept as
// HMAC-SHA-256 under a key derived from `keyHash` with HKDF-SHA-256, one key
// per purpose. Deriving adds no secret to generate, back up or lose, and
// separate purposes never share a key, so the email's ID in the logs is not
// the lookup hash of the `users` table (logs shipped elsewhere cannot be
// joined with a copy of the database).

/** What a derived key is for; each purpose has its own key. */
export type DerivedKeyPurpose = "ott-hash" | "email-log-id";

/** Length of a derived key: HMAC-SHA-256's output, the strength it offers. */
const derivedKeyLengthBytes = 32;

/** The key of `purpose`, derived from `keyHash`. See: [Note: Keyed hashes of short secrets use keys derived from the hash key] */
export const derivedKeyOf = (secrets: ServerSecrets, purpose: DerivedKeyPurpose): Buffer =>
  Buffer.from(
    hkdfSync("sha256", secrets.keyHash, Buffer.alloc(0), `cairn ${purpose}`, derivedKeyLengthBytes),
  );
