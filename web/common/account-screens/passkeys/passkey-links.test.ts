import { describe, expect, it } from "vitest";
import { passkeyReturnURL, passkeyVerificationURL, trustedReturnURL } from "./passkey-links";

describe("passkey links", () => {
  it("sends the person to the accounts app and back", () => {
    const back = passkeyReturnURL("http://localhost:3000", "s 1");
    expect(back).toBe("http://localhost:3000/two-factor/verify?passkeySessionID=s+1");
    const there = new URL(passkeyVerificationURL("http://localhost:3001", "s 1", back));
    expect(there.origin + there.pathname).toBe("http://localhost:3001/passkeys");
    expect(there.searchParams.get("passkeySessionID")).toBe("s 1");
    expect(there.searchParams.get("returnTo")).toBe(back);
  });

  const apps = ["http://localhost:3000", "cairn-app://photos", "http://localhost:3002"];
  const cases: [string | null, string | undefined][] = [
    [null, undefined],
    ["", undefined],
    ["not a url", undefined],
    [
      "http://localhost:3000/two-factor/verify?passkeySessionID=a",
      "http://localhost:3000/two-factor/verify?passkeySessionID=a",
    ],
    ["http://localhost:3002/two-factor/verify", "http://localhost:3002/two-factor/verify"],
    ["http://localhost:3000.evil.example/x", undefined],
    ["https://localhost:3000/x", undefined],
    ["http://evil.example/?http://localhost:3000", undefined],
    ["javascript:alert(1)", undefined],
    ["cairn-app://photos/two-factor/verify", "cairn-app://photos/two-factor/verify"],
    ["cairn-app://evil/two-factor/verify", undefined],
  ];
  it.each(cases)("trusts %j as %j", (redirect, expected) => {
    expect(trustedReturnURL(redirect, apps)).toBe(expected);
  });
});
