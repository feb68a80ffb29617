import { chmod, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadOrCreateSecrets, SecretsError, secretsFileName } from "./secrets";

describe("server secrets", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "cairn-secrets-"));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const file = () => path.join(dir, "data", secretsFileName);

  it("are generated on first start into a private file, and reused after", async () => {
    const first = await loadOrCreateSecrets(path.join(dir, "data"));
    expect(first.jwtSecret).toHaveLength(32);
    expect(first.keyEncryption).toHaveLength(32);
    expect(first.keyHash).toHaveLength(64);
    expect(first.blobURLSigning).toHaveLength(32);
    expect(first.jwtSecret.equals(first.keyEncryption)).toBe(false);
    expect((await stat(file())).mode & 0o777).toBe(0o600);

    const second = await loadOrCreateSecrets(path.join(dir, "data"));
    expect(second.jwtSecret.equals(first.jwtSecret)).toBe(true);
    expect(second.keyHash.equals(first.keyHash)).toBe(true);
  });

  it("adds a key missing from an older file and keeps the others", async () => {
    const first = await loadOrCreateSecrets(path.join(dir, "data"));
    const stored = JSON.parse(await readFile(file(), "utf8")) as Record<string, string>;
    delete stored.blobURLSigning;
    await writeFile(file(), JSON.stringify(stored));
    const second = await loadOrCreateSecrets(path.join(dir, "data"));
    expect(second.jwtSecret.equals(first.jwtSecret)).toBe(true);
    expect(second.blobURLSigning).toHaveLength(32);
    const rewritten = JSON.parse(await readFile(file(), "utf8")) as Record<string, string>;
    expect(rewritten.blobURLSigning).toBe(second.blobURLSigning.toString("base64"));
  });

  it("makes a file readable by others private again", async () => {
    await loadOrCreateSecrets(path.join(dir, "data"));
    await chmod(file(), 0o644);
    await loadOrCreateSecrets(path.join(dir, "data"));
    expect((await stat(file())).mode & 0o777).toBe(0o600);
  });

  it.each([
    [
      "a key of the wrong length",
      JSON.stringify({ jwtSecret: Buffer.alloc(8).toString("base64") }),
      /"jwtSecret" must be 32 bytes/,
    ],
    [
      "a key that is not base64",
      JSON.stringify({ keyHash: "not base64!" }),
      /"keyHash" must be 64 bytes/,
    ],
    ["a file that is not JSON", "{", /Cannot read/],
    ["a file of the wrong shape", "[1, 2]", /not an object/],
  ])("refuse to start on %s", async (_, contents, message) => {
    await loadOrCreateSecrets(path.join(dir, "data"));
    await writeFile(file(), contents);
    await expect(loadOrCreateSecrets(path.join(dir, "data"))).rejects.toThrow(SecretsError);
    await expect(loadOrCreateSecrets(path.join(dir, "data"))).rejects.toThrow(message);
  });
});
