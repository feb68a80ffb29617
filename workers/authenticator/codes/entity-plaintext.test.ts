// The entity plaintext is the JSON of an otpauth URI string, as Ente Auth
// writes it (`jsonEncode(uri)`).

import { describe, expect, it } from "vitest";
import { entityPlaintextOf, entryFromEntityPlaintext } from "./entity-plaintext";
import type { AuthenticatorEntry } from "./entry";

const entry: AuthenticatorEntry = {
  otp: {
    kind: "hotp",
    issuer: "Bank",
    account: "me@example.com",
    secretBase32: "JBSWY3DPEHPK3PXP",
    algorithm: "sha1",
    digits: 6,
    periodSeconds: 30,
    counter: 5,
  },
  display: { pinned: false, trashed: false, tags: ["money"], note: 'say "hi"', position: 1 },
};

describe("entity plaintext", () => {
  it("is a JSON string holding the URI", () => {
    const text = entityPlaintextOf(entry);
    expect(text.startsWith('"otpauth://hotp/Bank:me%40example.com?')).toBe(true);
    expect(typeof JSON.parse(text)).toBe("string");
  });

  it("round-trips", () => {
    const result = entryFromEntityPlaintext(entityPlaintextOf(entry));
    expect(result).toEqual({
      ok: true,
      value: {
        ...entry,
        display: { ...entry.display, lastUsedAtUs: 0, tapCount: 0, iconSrc: "", iconID: "" },
      },
    });
  });

  it("reads what an Ente client writes", () => {
    // The Flutter app's `jsonEncode(uri.replace(queryParameters: ...).toString())`.
    const ente =
      '"otpauth://totp/Proton:me?algorithm=SHA1&digits=6&issuer=Proton&period=30&secret=JBSWY3DPEHPK3PXP&codeDisplay=%7B%22pinned%22%3Atrue%2C%22trashed%22%3Afalse%2C%22lastUsedAt%22%3A0%2C%22tapCount%22%3A0%2C%22tags%22%3A%5B%5D%2C%22note%22%3A%22%22%2C%22position%22%3A0%2C%22iconSrc%22%3A%22ente%22%2C%22iconID%22%3A%22%22%7D"';
    const result = entryFromEntityPlaintext(ente);
    expect(result.ok && result.value.otp.issuer).toBe("Proton");
    expect(result.ok && result.value.display.pinned).toBe(true);
  });

  it.each([
    ["otpauth://totp/A?secret=JBSWY3DPEHPK3PXP", "not-a-json-string"],
    ['{"uri":"otpauth://totp/A?secret=JBSWY3DPEHPK3PXP"}', "not-a-json-string"],
    ['"otpauth://totp/A?secret=1"', "secret-not-base32"],
  ])("refuses %s with %s", (text, kind) => {
    const result = entryFromEntityPlaintext(text);
    expect(!result.ok && result.error.kind).toBe(kind);
  });
});
