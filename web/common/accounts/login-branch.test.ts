import { describe, expect, it } from "vitest";
import type { EmailAuthorizationResponse } from "../../../shared/api/endpoints/account-schemas";
import { loginBranchOf, type LoginBranch } from "./login-branch";

const keyAttributes = {
  kekSalt: "s",
  kekHash: "",
  encryptedKey: "k",
  keyDecryptionNonce: "n",
  publicKey: "p",
  encryptedSecretKey: "e",
  secretKeyDecryptionNonce: "n2",
  memLimit: 268435456,
  opsLimit: 16,
  masterKeyEncryptedWithRecoveryKey: "m",
  masterKeyDecryptionNonce: "n3",
  recoveryKeyEncryptedWithMasterKey: "r",
  recoveryKeyDecryptionNonce: "n4",
};

const base: EmailAuthorizationResponse = {
  id: 1580559962386438,
  passkeySessionID: "",
  accountsUrl: "",
  twoFactorSessionID: "",
  twoFactorSessionIDV2: "",
};

describe("login branches (wire-contract §2.1)", () => {
  it.each<[string, Partial<EmailAuthorizationResponse>, LoginBranch]>([
    [
      "passkeys and TOTP",
      { passkeySessionID: "pk", accountsUrl: "http://a", twoFactorSessionIDV2: "t2" },
      { kind: "passkey", sessionID: "pk", accountsUrl: "http://a", twoFactorSessionID: "t2" },
    ],
    [
      "passkeys only",
      { passkeySessionID: "pk", accountsUrl: "http://a" },
      { kind: "passkey", sessionID: "pk", accountsUrl: "http://a" },
    ],
    ["TOTP only", { twoFactorSessionID: "t" }, { kind: "two-factor", sessionID: "t" }],
    [
      "keys, no second factor",
      { keyAttributes, encryptedToken: "sealed" },
      { kind: "sealed-token", keyAttributes, encryptedToken: "sealed" },
    ],
    ["fresh account", { token: "plain=" }, { kind: "plain-token", token: "plain=" }],
    ["nothing usable", {}, { kind: "unexpected" }],
  ])("%s", (_, fields, expected) => {
    expect(loginBranchOf({ ...base, ...fields })).toEqual(expected);
  });
});
