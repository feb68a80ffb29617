import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { isStrictlyLimited } from "../http/rate-limits";
import { webAuthnRelyingParty } from "./relying-party";
import { emailHashOf, newSixDigitCode, normalizeEmail } from "./server-crypto";
import { isAcceptedKDFStrength } from "./user-handlers";
import { WindowCounter } from "./window-counter";

const MiB = 1024 ** 2;

describe("isAcceptedKDFStrength", () => {
  it.each([
    [256 * MiB, 16, true],
    [128 * MiB, 32, true],
    [1024 * MiB, 4, true],
    [64 * MiB, 64, false], // 4 GiB of work, but below the 128 MiB floor
    [256 * MiB, 15, false],
    [256 * MiB, 17, false],
    [64 * MiB, 2, false], // the interactive limits
  ])("memLimit %d × opsLimit %d → %s", (memLimit, opsLimit, accepted) => {
    expect(isAcceptedKDFStrength(memLimit, opsLimit)).toBe(accepted);
  });
});

describe("isStrictlyLimited", () => {
  it.each([
    ["POST", "/users/ott", true],
    ["POST", "/users/verify-email", true],
    ["POST", "/users/change-email", true],
    ["GET", "/users/srp/attributes", true],
    ["POST", "/users/two-factor/verify", true],
    ["POST", "/cast/device-info", true],
    ["GET", "/cast/device-info", false],
    ["GET", "/users/details/v2", false],
    ["GET", "/users/public-key", false],
    ["GET", "/passkeys", false],
  ] as const)("%s %s → %s", (method, path, limited) => {
    expect(isStrictlyLimited({ method, path })).toBe(limited);
  });
});

describe("WindowCounter", () => {
  it("counts per key, refuses past the limit, and starts over in the next window", () => {
    let now = 0;
    const counter = new WindowCounter(1000, () => now);
    for (let i = 0; i < 3; i++) expect(counter.tryTake("a", 3)).toBe(true);
    expect(counter.tryTake("a", 3)).toBe(false);
    expect(counter.tryTake("b", 3)).toBe(true);
    expect(counter.count("a")).toBe(3);
    now = 999;
    expect(counter.tryTake("a", 3)).toBe(false);
    now = 1000;
    expect(counter.count("a")).toBe(0);
    expect(counter.tryTake("a", 3)).toBe(true);
  });
});

describe("webAuthnRelyingParty", () => {
  it.each([
    [
      { webAuthnRPID: undefined, webAuthnOrigins: [] },
      "http://localhost:3001",
      "localhost",
      ["http://localhost:3001"],
    ],
    [
      { webAuthnRPID: "photos.example", webAuthnOrigins: ["https://a.photos.example"] },
      "https://accounts.photos.example",
      "photos.example",
      ["https://a.photos.example"],
    ],
    [
      { webAuthnRPID: undefined, webAuthnOrigins: [] },
      "https://accounts.example/base",
      "accounts.example",
      ["https://accounts.example"],
    ],
  ])("%j with %s", (config, accountsURL, rpID, origins) => {
    expect(webAuthnRelyingParty(config, accountsURL)).toEqual({ rpID, origins });
  });
});

describe("emails", () => {
  it("normalises by trimming and lowercasing", () => {
    expect(normalizeEmail("  Ana@Example.ORG\n")).toBe("ana@example.org");
  });

  it("hashes equal emails equally under one key, differently under another", async () => {
    const secrets = {
      jwtSecret: randomBytes(32),
      keyEncryption: randomBytes(32),
      keyHash: randomBytes(64),
      blobURLSigning: randomBytes(32),
    };
    const hash = await emailHashOf(secrets, "ana@example.org");
    expect(Buffer.from(hash, "base64")).toHaveLength(32);
    expect(await emailHashOf(secrets, " ANA@example.org")).toBe(hash);
    expect(await emailHashOf(secrets, "bob@example.org")).not.toBe(hash);
    expect(await emailHashOf({ ...secrets, keyHash: randomBytes(64) }, "ana@example.org")).not.toBe(
      hash,
    );
  });
});

describe("newSixDigitCode", () => {
  it("draws six digits", () => {
    const codes = Array.from({ length: 200 }, newSixDigitCode);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(190);
  });
});
