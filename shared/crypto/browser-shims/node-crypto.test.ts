import { beforeAll, describe, expect, it } from "vitest";
import { loadSodium } from "../sodium";
import nodeCrypto, { createHash, randomBytes } from "./node-crypto";

beforeAll(async () => {
  await loadSodium();
});

describe("browser crypto shim", () => {
  it("hashes SHA-256 incrementally like Node's createHash (FIPS 180-2 vectors)", () => {
    expect(createHash("sha256").update("abc").digest("hex")).toBe(
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    );
    const split = createHash("sha256")
      .update("abcdbcdecdefdefgefghfghighij")
      .update(Buffer.from("hijkijkljklmklmnlmnomnopnopq"))
      .digest();
    expect(split.toString("hex")).toBe(
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
    );
    expect(Buffer.isBuffer(split)).toBe(true);
    expect(nodeCrypto.createHash("SHA256").digest("hex")).toBe(
      "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
    );
  });

  it("refuses other algorithms and a second digest", () => {
    expect(() => createHash("md5")).toThrow();
    const hash = createHash("sha256");
    hash.digest();
    expect(() => hash.digest()).toThrow();
  });

  it("gives random Buffers synchronously or through a callback", () => {
    const bytes = randomBytes(100_000);
    expect(Buffer.isBuffer(bytes)).toBe(true);
    expect(bytes).toHaveLength(100_000);
    expect(bytes.subarray(70_000).some((byte) => byte !== 0)).toBe(true);
    let received: Buffer | undefined;
    randomBytes(32, (error, result) => {
      expect(error).toBeNull();
      received = result;
    });
    expect(received).toHaveLength(32);
  });
});
