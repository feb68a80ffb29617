import { describe, expect, it } from "vitest";
import type { LoginStep } from "../../accounts/account-service";
import {
  loginStepTarget,
  parseLocationState,
  verifyStateSchema,
  type LoginStepTarget,
} from "./login-flow";

describe("loginStepTarget", () => {
  const cases: [string, LoginStep, boolean, LoginStepTarget][] = [
    ["logged in goes home", { kind: "logged-in" }, false, { kind: "route", path: "/gallery" }],
    ["logged in with a held redirect leaves", { kind: "logged-in" }, true, { kind: "leave" }],
    [
      "a missing master key asks for the password",
      { kind: "needs-password" },
      false,
      { kind: "route", path: "/credentials" },
    ],
    [
      "a keyless account generates keys",
      { kind: "needs-keys" },
      false,
      { kind: "route", path: "/generate" },
    ],
    [
      "TOTP asks for a code",
      { kind: "two-factor", sessionID: "s1" },
      false,
      { kind: "route", path: "/two-factor/verify", state: { kind: "totp", sessionID: "s1" } },
    ],
    [
      "a passkey waits for the accounts app",
      { kind: "passkey", sessionID: "p1", accountsUrl: "http://a" },
      false,
      {
        kind: "route",
        path: "/two-factor/verify",
        state: { kind: "passkey", sessionID: "p1", accountsUrl: "http://a" },
      },
    ],
    [
      "a passkey with TOTP as well keeps both sessions",
      { kind: "passkey", sessionID: "p1", accountsUrl: "http://a", twoFactorSessionID: "t1" },
      true,
      {
        kind: "route",
        path: "/two-factor/verify",
        state: {
          kind: "passkey",
          sessionID: "p1",
          accountsUrl: "http://a",
          twoFactorSessionID: "t1",
        },
      },
    ],
  ];
  it.each(cases)("%s", (_, step, redirect, expected) => {
    expect(loginStepTarget(step, "/gallery", () => redirect)).toEqual(expected);
  });

  it("consults the held redirect only once logged in", () => {
    let asked = 0;
    loginStepTarget({ kind: "needs-password" }, "/gallery", () => {
      asked++;
      return true;
    });
    expect(asked).toBe(0);
  });
});

describe("parseLocationState", () => {
  it("accepts the expected shape", () => {
    expect(parseLocationState(verifyStateSchema, { email: "a@b.c", purpose: "signup" })).toEqual({
      email: "a@b.c",
      purpose: "signup",
    });
  });
  it.each([null, undefined, {}, { email: 1, purpose: "signup" }, { email: "a", purpose: "x" }])(
    "rejects %j",
    (state) => {
      expect(parseLocationState(verifyStateSchema, state)).toBeUndefined();
    },
  );
});
