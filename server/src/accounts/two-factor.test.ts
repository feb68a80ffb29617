import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type {
  EmailAuthorizationResponse,
  TwoFactorAuthorizationResponse,
} from "../../../shared/api/endpoints/account-schemas";
import { toB64 } from "../../../shared/crypto/base64";
import { encryptBox } from "../../../shared/crypto/box";
import { TestAccountClient } from "../../test-support/account-client";
import {
  startTestAccountsServer,
  testAccountsURL,
  type TestAccountsServer,
} from "../../test-support/accounts";
import { testDatabaseBackends } from "../../test-support/databases";
import { SoftwareAuthenticator } from "../../test-support/software-authenticator";
import { totpCodeAt } from "./totp";

describe.each(testDatabaseBackends())("two-factor limits and recovery on $name", (backend) => {
  let server: TestAccountsServer;
  let alice: TestAccountClient;
  beforeEach(async () => {
    server = await startTestAccountsServer(backend);
    alice = new TestAccountClient(server, "alice@example.org");
    await alice.signUp();
  });
  afterEach(async () => {
    await server.close();
  });

  const enableTOTP = async () => {
    const { secretCode } = await alice.ok<{ secretCode: string }>(
      "POST",
      "/users/two-factor/setup",
    );
    const box = await encryptBox(new TextEncoder().encode(secretCode), alice.keys.recoveryKey);
    await alice.ok("POST", "/users/two-factor/enable", {
      code: totpCodeAt(secretCode, server.clock.nowMs),
      encryptedTwoFactorSecret: toB64(box.encryptedData),
      twoFactorSecretDecryptionNonce: toB64(box.nonce),
    });
    return secretCode;
  };

  it("refuses a 2FA session after 10 wrong codes, and an expired one", async () => {
    const secret = await enableTOTP();
    server.clock.advanceMs(60_000);
    const { twoFactorSessionID } = (await alice.srpLogin()).json<EmailAuthorizationResponse>();
    const right = totpCodeAt(secret, server.clock.nowMs);
    const wrong = right === "111111" ? "222222" : "111111";
    const verify = (code: string, sessionID = twoFactorSessionID) =>
      alice.call("POST", "/users/two-factor/verify", { sessionID, code }, "");
    for (let i = 0; i < 10; i++) expect((await verify(wrong)).statusCode).toBe(401);
    expect((await verify(right)).statusCode).toBe(429);

    const next = (await alice.srpLogin()).json<EmailAuthorizationResponse>().twoFactorSessionID;
    server.clock.advanceMs(11 * 60_000);
    expect((await verify(totpCodeAt(secret, server.clock.nowMs), next)).statusCode).toBe(410);
  });

  it("lets the recovery key skip passkeys once configured, keeping the passkeys", async () => {
    const jwt = (await alice.ok<{ accountsToken: string }>("GET", "/users/accounts-token"))
      .accountsToken;
    const device = new SoftwareAuthenticator("localhost", testAccountsURL);
    const begin = (await alice.call("POST", "/passkeys/registration/begin", undefined, jwt)).json<{
      options: { publicKey: { challenge: string } };
      sessionID: string;
    }>();
    const registered = await alice.call(
      "POST",
      `/passkeys/registration/finish?friendlyName=Key&sessionID=${begin.sessionID}`,
      device.register(begin.options.publicKey.challenge),
      jwt,
    );
    expect(registered.statusCode, registered.body).toBe(200);

    expect(await alice.ok("GET", "/users/two-factor/recovery-status")).toEqual({
      allowAdminReset: false,
      isPasskeyRecoveryEnabled: false,
    });
    const skipSecret = "skip-secret-0123456789";
    const cipher = await encryptBox(new TextEncoder().encode(skipSecret), alice.keys.recoveryKey);
    await alice.ok("POST", "/users/two-factor/passkeys/configure-recovery", {
      secret: skipSecret,
      userSecretCipher: toB64(cipher.encryptedData),
      userSecretNonce: toB64(cipher.nonce),
    });
    expect(await alice.ok("GET", "/users/two-factor/recovery-status")).toMatchObject({
      isPasskeyRecoveryEnabled: true,
    });

    const { passkeySessionID } = (await alice.srpLogin()).json<EmailAuthorizationResponse>();
    const recovered = await alice.call(
      "GET",
      `/users/two-factor/recover?sessionID=${passkeySessionID}&twoFactorType=passkey`,
      undefined,
      "",
    );
    expect(recovered.json()).toEqual({
      encryptedSecret: toB64(cipher.encryptedData),
      secretDecryptionNonce: toB64(cipher.nonce),
    });
    const remove = (secret: string) =>
      alice.call(
        "POST",
        "/users/two-factor/remove",
        { sessionID: passkeySessionID, secret, twoFactorType: "passkey" },
        "",
      );
    expect((await remove("wrong-secret")).statusCode).toBe(401);
    const removed = await remove(skipSecret);
    expect(removed.statusCode, removed.body).toBe(200);
    const token = await alice.openToken(
      removed.json<TwoFactorAuthorizationResponse>().encryptedToken,
    );
    expect((await alice.call("GET", "/users/details/v2", undefined, token)).statusCode).toBe(200);
    // The passkey stays: the next login asks for it again.
    expect((await alice.srpLogin()).json<EmailAuthorizationResponse>().passkeySessionID).not.toBe(
      "",
    );
  });
});
