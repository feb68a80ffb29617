// Parsing and formatting `otpauth://` URIs: Google's Key Uri Format, Ente's
// forms (Steam, codeDisplay, legacy algorithm names), round trips and errors.

import { describe, expect, it } from "vitest";
import { Secret } from "otpauth";
import { type AuthenticatorEntry, type OtpParameters, secretBytesOf } from "./entry";
import { formatOtpauthUri, parseOtpauthUri } from "./otpauth-uri";

const parsed = (uri: string): AuthenticatorEntry => {
  const result = parseOtpauthUri(uri);
  if (!result.ok) throw new Error(`expected ${uri} to parse: ${JSON.stringify(result.error)}`);
  return result.value;
};

const otpOf = (uri: string): OtpParameters => parsed(uri).otp;

describe("parseOtpauthUri", () => {
  it("reads Google's example with defaults", () => {
    expect(
      parsed("otpauth://totp/Example:alice@google.com?secret=JBSWY3DPEHPK3PXP&issuer=Example"),
    ).toEqual({
      otp: {
        kind: "totp",
        issuer: "Example",
        account: "alice@google.com",
        secretBase32: "JBSWY3DPEHPK3PXP",
        algorithm: "sha1",
        digits: 6,
        periodSeconds: 30,
        counter: 0,
      },
      display: { pinned: false, trashed: false, tags: [], note: "" },
    });
  });

  it.each([
    // [uri, issuer, account]
    [
      "otpauth://totp/ACME%20Co:john.doe@email.com?secret=JBSWY3DPEHPK3PXP",
      "ACME Co",
      "john.doe@email.com",
    ],
    ["otpauth://totp/ACME:%20john?secret=JBSWY3DPEHPK3PXP", "ACME", "john"],
    ["otpauth://totp/john?secret=JBSWY3DPEHPK3PXP", "", "john"],
    ["otpauth://totp/john?secret=JBSWY3DPEHPK3PXP&issuer=Corp", "Corp", "john"],
    ["otpauth://totp/Label:john?secret=JBSWY3DPEHPK3PXP&issuer=Other", "Other", "john"],
    ["otpauth://totp/a%3Ab:john?secret=JBSWY3DPEHPK3PXP&issuer=a%3Ab", "a:b", "john"],
    ["otpauth://totp/:john?secret=JBSWY3DPEHPK3PXP&issuer=", "", "john"],
    ["otpauth://totp/Big+Co:x?secret=JBSWY3DPEHPK3PXP&issuer=Big+Co", "Big Co", "x"],
    ["otpauth://totp/Site:me#1?secret=JBSWY3DPEHPK3PXP&issuer=Site", "Site", "me#1"],
    ["otpauth://totp/Site:a:b?secret=JBSWY3DPEHPK3PXP", "Site", "a:b"],
  ])("reads the label of %s", (uri, issuer, account) => {
    expect(otpOf(uri)).toMatchObject({ issuer, account });
  });

  it.each([
    ["algorithm=SHA256", { algorithm: "sha256" }],
    ["algorithm=sha512", { algorithm: "sha512" }],
    ["algorithm=Algorithm.sha256", { algorithm: "sha256" }],
    ["digits=8&period=60", { digits: 8, periodSeconds: 60 }],
    ["digits=4", { digits: 4 }],
    ["digits=10&period=3600", { digits: 10, periodSeconds: 3600 }],
    ["digits=&period=", { digits: 6, periodSeconds: 30 }],
  ])("reads the parameters %s", (params, expected) => {
    expect(otpOf(`otpauth://totp/A:b?secret=JBSWY3DPEHPK3PXP&${params}`)).toMatchObject(expected);
  });

  it("normalizes the secret: lower case, spaces and padding", () => {
    expect(otpOf("otpauth://totp/A:b?secret=jbsw%20y3dp+ehpk+3pxp").secretBase32).toBe(
      "JBSWY3DPEHPK3PXP",
    );
    expect(otpOf("otpauth://totp/A:b?secret=MZXW6===").secretBase32).toBe("MZXW6");
  });

  it("reads a secret whose unused last bits are set, as otpauth and Google do", () => {
    // 15 characters: 9 bytes and 3 unused bits, set in "X".
    const parsed = parseOtpauthUri("otpauth://totp/A?secret=JBSWY3DPEHPK3PX");
    expect(parsed.ok && parsed.value.otp.secretBase32).toBe("JBSWY3DPEHPK3PX");
    expect(secretBytesOf("JBSWY3DPEHPK3PX")).toEqual(
      new Uint8Array(Secret.fromBase32("JBSWY3DPEHPK3PX").bytes),
    );
    expect(secretBytesOf("JBSWY3DPEHPK3PXP")).toEqual(
      new Uint8Array(Secret.fromBase32("JBSWY3DPEHPK3PXP").bytes),
    );
  });

  it("reads HOTP with its counter, and the scheme and type in any case", () => {
    expect(otpOf("OTPAUTH://HOTP/A:b?secret=JBSWY3DPEHPK3PXP&counter=42")).toMatchObject({
      kind: "hotp",
      counter: 42,
    });
    expect(otpOf("otpauth://hotp/A:b?secret=JBSWY3DPEHPK3PXP").counter).toBe(0);
  });

  it("reads Ente's Steam form, always 5 characters", () => {
    expect(
      otpOf(
        "otpauth://steam/Steam:SteamAccount?algorithm=SHA1&digits=5&issuer=Steam&period=30&secret=JBSWY3DPEHPK3PXP",
      ),
    ).toMatchObject({ kind: "steam", issuer: "Steam", account: "SteamAccount", digits: 5 });
    expect(otpOf("otpauth://steam/Steam:x?secret=JBSWY3DPEHPK3PXP&digits=8").digits).toBe(5);
  });

  it("reads codeDisplay and keeps its unknown keys and unknown parameters", () => {
    const display = {
      pinned: true,
      trashed: false,
      lastUsedAt: 1_733_000_000_123_456,
      tapCount: 7,
      tags: ["work", "a,b"],
      note: "recovery codes in the safe",
      position: 3,
      iconSrc: "simpleIcon",
      iconID: "github",
      futureKey: { nested: [1, 2] },
    };
    const entry = parsed(
      `otpauth://totp/GitHub:me?secret=JBSWY3DPEHPK3PXP&issuer=GitHub&image=https%3A%2F%2Fx.test%2Fa.png&codeDisplay=${encodeURIComponent(JSON.stringify(display))}&x-extra=1`,
    );
    expect(entry.display).toEqual({
      pinned: true,
      trashed: false,
      lastUsedAtUs: 1_733_000_000_123_456,
      tapCount: 7,
      tags: ["work", "a,b"],
      note: "recovery codes in the safe",
      position: 3,
      iconSrc: "simpleIcon",
      iconID: "github",
      unknownKeys: { futureKey: { nested: [1, 2] } },
    });
    expect(entry.unknownUriParams).toEqual([
      ["image", "https://x.test/a.png"],
      ["x-extra", "1"],
    ]);
  });

  it("reads a codeDisplay whose commas were written as %2C (Ente's plain export)", () => {
    const entry = parsed(
      'otpauth://totp/A:b?secret=JBSWY3DPEHPK3PXP&codeDisplay={"pinned":true%252C"tags":["x"]}',
    );
    expect(entry.display).toMatchObject({ pinned: true, tags: ["x"] });
  });

  it("ignores an unparseable codeDisplay, as Ente's web app does", () => {
    expect(
      parsed("otpauth://totp/A:b?secret=JBSWY3DPEHPK3PXP&codeDisplay=%7Bnope").display,
    ).toEqual({ pinned: false, trashed: false, tags: [], note: "" });
  });

  it.each([
    ["https://example.com/totp/A?secret=JBSWY3DPEHPK3PXP", "not-an-otpauth-uri"],
    ["otpauth://totp?secret=JBSWY3DPEHPK3PXP", "not-an-otpauth-uri"],
    ["otpauth:///A?secret=JBSWY3DPEHPK3PXP", "not-an-otpauth-uri"],
    ["otpauth://totp/A%ZZ?secret=JBSWY3DPEHPK3PXP", "not-an-otpauth-uri"],
    ["otpauth://totp/A?secret=JBSWY3DPEHPK3PXP&issuer=%E0%A4%A", "not-an-otpauth-uri"],
    ["otpauth://motp/A?secret=JBSWY3DPEHPK3PXP", "unsupported-type"],
    ["otpauth://yandex/A?secret=JBSWY3DPEHPK3PXP", "unsupported-type"],
    ["otpauth://totp/A?secret=JBSWY3DPEHPK3PXP&algorithm=MD5", "unknown-algorithm"],
    ["otpauth://totp/A?secret=JBSWY3DPEHPK3PX1", "secret-not-base32"],
    ["otpauth://totp/A?secret=JBSWY3DPEHPK3P", "secret-not-base32"],
    ["otpauth://totp/A?secret=JBSW=Y3DP", "secret-not-base32"],
    ["otpauth://totp/A?secret=", "missing-secret"],
    ["otpauth://totp/A?issuer=B", "missing-secret"],
    ["otpauth://totp/A?secret=%20%20", "missing-secret"],
    ["otpauth://totp/A?secret=JBSWY3DPEHPK3PXP&digits=3", "digits-out-of-range"],
    ["otpauth://totp/A?secret=JBSWY3DPEHPK3PXP&digits=11", "digits-out-of-range"],
    ["otpauth://totp/A?secret=JBSWY3DPEHPK3PXP&digits=six", "digits-out-of-range"],
    ["otpauth://hotp/A?secret=JBSWY3DPEHPK3PXP&digits=6.5", "digits-out-of-range"],
    ["otpauth://totp/A?secret=JBSWY3DPEHPK3PXP&period=0", "period-out-of-range"],
    ["otpauth://totp/A?secret=JBSWY3DPEHPK3PXP&period=3601", "period-out-of-range"],
    ["otpauth://totp/A?secret=JBSWY3DPEHPK3PXP&period=-30", "period-out-of-range"],
    ["otpauth://hotp/A?secret=JBSWY3DPEHPK3PXP&counter=-1", "counter-invalid"],
    ["otpauth://hotp/A?secret=JBSWY3DPEHPK3PXP&counter=1e3", "counter-invalid"],
    ["otpauth://hotp/A?secret=JBSWY3DPEHPK3PXP&counter=99999999999999999", "counter-invalid"],
  ])("refuses %s with %s", (uri, kind) => {
    const result = parseOtpauthUri(uri);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.kind).toBe(kind);
  });
});

describe("formatOtpauthUri", () => {
  const entry: AuthenticatorEntry = {
    otp: {
      kind: "totp",
      issuer: "ACME Co",
      account: "john@example.com",
      secretBase32: "JBSWY3DPEHPK3PXP",
      algorithm: "sha256",
      digits: 8,
      periodSeconds: 60,
      counter: 0,
    },
    display: { pinned: true, trashed: false, tags: ["a"], note: "n&=?#" },
  };

  it("writes Ente's form", () => {
    expect(formatOtpauthUri(entry, { withCodeDisplay: false })).toBe(
      "otpauth://totp/ACME%20Co:john%40example.com?algorithm=SHA256&digits=8&issuer=ACME%20Co&period=60&secret=JBSWY3DPEHPK3PXP",
    );
    expect(
      formatOtpauthUri(
        {
          otp: {
            ...entry.otp,
            kind: "steam",
            issuer: "Steam",
            account: "gamer",
            digits: 5,
            algorithm: "sha1",
            periodSeconds: 30,
          },
          display: entry.display,
        },
        { withCodeDisplay: false },
      ),
    ).toBe(
      "otpauth://steam/Steam:gamer?algorithm=SHA1&digits=5&issuer=Steam&period=30&secret=JBSWY3DPEHPK3PXP",
    );
  });

  it("writes codeDisplay with all of Ente's keys", () => {
    const uri = formatOtpauthUri(entry);
    const codeDisplay = new URL(uri.replace("otpauth://totp/", "https://x.test/")).searchParams.get(
      "codeDisplay",
    );
    expect(JSON.parse(codeDisplay ?? "null")).toEqual({
      pinned: true,
      trashed: false,
      lastUsedAt: 0,
      tapCount: 0,
      tags: ["a"],
      note: "n&=?#",
      position: 0,
      iconSrc: "",
      iconID: "",
    });
  });

  it.each([
    entry,
    { ...entry, otp: { ...entry.otp, issuer: "", account: "x:y" } },
    { ...entry, otp: { ...entry.otp, issuer: "Is:suer", account: "a c+d" } },
    { ...entry, otp: { ...entry.otp, kind: "hotp" as const, counter: 2 ** 40 } },
    { ...entry, otp: { ...entry.otp, kind: "hotp" as const, periodSeconds: 60 } },
    {
      ...entry,
      display: {
        pinned: false,
        trashed: true,
        tags: ["x", "y,z"],
        note: "émoji 🔐 + 100%",
        position: 4,
        lastUsedAtUs: 1_733_000_000_123_456,
        tapCount: 3,
        iconSrc: "customIcon",
        iconID: "x",
        unknownKeys: { later: true },
      },
      unknownUriParams: [
        ["image", "https://x.test/i.png?a=1&b=2"],
        ["color", "#ff0000"],
      ] as const satisfies (readonly [string, string])[],
    },
  ])("round-trips %#", (original) => {
    const once = parsed(formatOtpauthUri(original));
    expect(once.otp).toEqual(original.otp);
    expect(formatOtpauthUri(once)).toBe(formatOtpauthUri(original));
    expect(once.unknownUriParams).toEqual(original.unknownUriParams);
  });

  it("keeps another client's data through parse, edit and format", () => {
    const foreign =
      "otpauth://totp/GitHub:me?secret=JBSWY3DPEHPK3PXP&issuer=GitHub&image=https%3A%2F%2Fx.test%2Fa.png&codeDisplay=%7B%22pinned%22%3Afalse%2C%22lastUsedAt%22%3A17%2C%22newKey%22%3A%22v%22%7D";
    const entry = parsed(foreign);
    const edited = { ...entry, display: { ...entry.display, pinned: true } };
    const again = parsed(formatOtpauthUri(edited));
    expect(again.display).toMatchObject({
      pinned: true,
      lastUsedAtUs: 17,
      unknownKeys: { newKey: "v" },
    });
    expect(again.unknownUriParams).toEqual([["image", "https://x.test/a.png"]]);
  });
});
