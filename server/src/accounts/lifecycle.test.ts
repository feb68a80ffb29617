import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type {
  EmailAuthorizationResponse,
  TwoFactorAuthorizationResponse,
} from "../../../shared/api/endpoints/account-schemas";
import { fromB64, toB64 } from "../../../shared/crypto/base64";
import { decryptBox, encryptBox } from "../../../shared/crypto/box";
import { generateKey } from "../../../shared/crypto/keys";
import { boxSealOpen } from "../../../shared/crypto/sealed-box";
import { TestAccountClient, kekFields } from "../../test-support/account-client";
import { startTestAccountsServer, type TestAccountsServer } from "../../test-support/accounts";
import { testDatabaseBackends } from "../../test-support/databases";
import { totpCodeAt } from "./totp";

// One account from sign-up to deletion, through every account flow.

describe.each(testDatabaseBackends())("account lifecycle on $name", (backend) => {
  let server: TestAccountsServer;
  beforeEach(async () => {
    server = await startTestAccountsServer(backend);
  });
  afterEach(async () => {
    await server.close();
  });

  it("signs up, logs in, uses TOTP, changes password and email, and deletes the account", async () => {
    const alice = new TestAccountClient(server, "alice@example.org");
    await alice.signUp();

    // Two-factor: setup, enable with a valid code, the secret kept under the recovery key.
    const setup = await alice.ok<{ secretCode: string; qrCode: string }>(
      "POST",
      "/users/two-factor/setup",
    );
    expect(setup.secretCode).toMatch(/^[A-Z2-7]{32}$/);
    const png = Buffer.from(setup.qrCode, "base64");
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    expect(png.readUInt32BE(16)).toBe(200); // IHDR width
    const secretUnderRecovery = await encryptBox(
      new TextEncoder().encode(setup.secretCode),
      alice.keys.recoveryKey,
    );
    const wrongEnable = await alice.call("POST", "/users/two-factor/enable", {
      code: totpCodeAt(setup.secretCode, server.clock.nowMs - 10 * 60_000),
      encryptedTwoFactorSecret: toB64(secretUnderRecovery.encryptedData),
      twoFactorSecretDecryptionNonce: toB64(secretUnderRecovery.nonce),
    });
    expect(wrongEnable.statusCode).toBe(401);
    await alice.ok("POST", "/users/two-factor/enable", {
      code: totpCodeAt(setup.secretCode, server.clock.nowMs),
      encryptedTwoFactorSecret: toB64(secretUnderRecovery.encryptedData),
      twoFactorSecretDecryptionNonce: toB64(secretUnderRecovery.nonce),
    });
    expect(await alice.ok("GET", "/users/two-factor/status")).toEqual({ status: true });

    // Login now stops at the second factor.
    server.clock.advanceMs(60_000);
    const first = (await alice.srpLogin()).json<EmailAuthorizationResponse>();
    expect(first.encryptedToken).toBeUndefined();
    expect(first.twoFactorSessionID).not.toBe("");
    const code = totpCodeAt(setup.secretCode, server.clock.nowMs);
    const verify = (sessionID: string, totp: string) =>
      alice.call("POST", "/users/two-factor/verify", { sessionID, code: totp }, "");
    expect(
      (await verify(first.twoFactorSessionID, code === "000000" ? "000001" : "000000")).statusCode,
    ).toBe(401);
    const passed = await verify(first.twoFactorSessionID, code);
    expect(passed.statusCode, passed.body).toBe(200);
    const afterTOTP = passed.json<TwoFactorAuthorizationResponse>();
    alice.token = await alice.openToken(afterTOTP.encryptedToken);

    // The same code cannot be replayed in another login.
    const second = (await alice.srpLogin()).json<EmailAuthorizationResponse>();
    expect((await verify(second.twoFactorSessionID, code)).statusCode).toBe(401);

    // Recovery: fetch the secret under the recovery key, open it, remove TOTP.
    const recovered = await alice.call(
      "GET",
      `/users/two-factor/recover?sessionID=${second.twoFactorSessionID}&twoFactorType=totp`,
      undefined,
      "",
    );
    expect(recovered.statusCode, recovered.body).toBe(200);
    const { encryptedSecret, secretDecryptionNonce } = recovered.json<{
      encryptedSecret: string;
      secretDecryptionNonce: string;
    }>();
    const secret = new TextDecoder().decode(
      await decryptBox(
        { encryptedData: fromB64(encryptedSecret), nonce: fromB64(secretDecryptionNonce) },
        alice.keys.recoveryKey,
      ),
    );
    expect(secret).toBe(setup.secretCode);
    const badRemove = await alice.call(
      "POST",
      "/users/two-factor/remove",
      { sessionID: second.twoFactorSessionID, secret: "AAAA", twoFactorType: "totp" },
      "",
    );
    expect(badRemove.statusCode).toBe(401);
    const removed = await alice.call(
      "POST",
      "/users/two-factor/remove",
      { sessionID: second.twoFactorSessionID, secret, twoFactorType: "totp" },
      "",
    );
    expect(removed.statusCode, removed.body).toBe(200);
    alice.token = await alice.openToken(
      removed.json<TwoFactorAuthorizationResponse>().encryptedToken,
    );
    expect(await alice.ok("GET", "/users/two-factor/status")).toEqual({ status: false });

    // Password change: new KEK fields and verifier; other sessions end.
    const otherSession = (await alice.srpLogin()).json<EmailAuthorizationResponse>();
    const otherToken = await alice.openToken(otherSession.encryptedToken ?? "");
    const oldKEK = alice.kek;
    alice.kek = await generateKey();
    await alice.setupSRP("update", { updatedKeyAttr: await kekFields(alice.keys, alice.kek) });
    expect((await alice.srpLogin(oldKEK)).statusCode).toBe(401);
    const withNew = await alice.srpLogin();
    expect(withNew.statusCode).toBe(200);
    const attributes = withNew.json<EmailAuthorizationResponse>().keyAttributes;
    const masterKey = await decryptBox(
      {
        encryptedData: fromB64(attributes?.encryptedKey ?? ""),
        nonce: fromB64(attributes?.keyDecryptionNonce ?? ""),
      },
      alice.kek,
    );
    expect(masterKey).toEqual(alice.keys.masterKey);
    expect((await alice.call("GET", "/users/details/v2", undefined, otherToken)).statusCode).toBe(
      401,
    );
    expect((await alice.call("GET", "/users/details/v2")).statusCode).toBe(200);

    // Email change: a code to the new address, then the account moves.
    const taken = new TestAccountClient(server, "taken@example.org");
    await taken.signUp();
    expect(
      (
        await alice.call(
          "POST",
          "/users/ott",
          { email: "taken@example.org", purpose: "change" },
          "",
        )
      ).statusCode,
    ).toBe(403);
    await alice.call("POST", "/users/ott", { email: "alice@new.example", purpose: "change" }, "");
    await alice.ok("POST", "/users/change-email", {
      email: "alice@new.example",
      ott: server.lastCode("alice@new.example"),
    });
    expect((await alice.ok<{ email: string }>("GET", "/users/details/v2")).email).toBe(
      "alice@new.example",
    );
    const moved = new TestAccountClient(server, "alice@new.example");
    moved.keys = alice.keys;
    moved.kek = alice.kek;
    expect((await moved.srpLogin()).statusCode).toBe(200);

    // Deletion: the sealed challenge, then every row and blob is gone.
    const objectKey = `${String(alice.userID)}/photo`;
    const url = await server.context.blobStore.presignPut(objectKey, { validForMs: 60_000 });
    expect((await fetch(url, { method: "PUT", body: new Uint8Array([1, 2, 3]) })).status).toBe(200);
    const challenge = await alice.ok<{ allowDelete: boolean; encryptedChallenge: string }>(
      "GET",
      "/users/delete-challenge",
    );
    expect(challenge.allowDelete).toBe(true);
    const jwt = new TextDecoder().decode(
      await boxSealOpen(
        fromB64(challenge.encryptedChallenge),
        alice.keys.keyPair.publicKey,
        alice.keys.keyPair.secretKey,
      ),
    );
    const forged = await alice.call("DELETE", "/users/delete", { challenge: `${jwt}x` });
    expect(forged.statusCode).toBe(401);
    expect(
      await alice.ok("DELETE", "/users/delete", {
        challenge: jwt,
        reason: "testing",
        feedback: "",
      }),
    ).toEqual({ isSubscriptionCancelled: false, userID: alice.userID });
    expect((await alice.call("GET", "/users/details/v2")).statusCode).toBe(401);
    expect(await server.context.blobStore.sizeBytes(objectKey)).toBeUndefined();
    const db = server.database.db;
    for (const table of [
      "users",
      "key_attributes",
      "srp_auth",
      "usage",
      "subscriptions",
    ] as const) {
      const rows = await db
        .selectFrom(table)
        .selectAll()
        .where("user_id", "=", alice.userID)
        .execute();
      expect(rows, table).toEqual([]);
    }

    // The email can sign up again, as a new account.
    const again = new TestAccountClient(server, "alice@new.example");
    await again.signUp();
    expect(again.userID).toBeGreaterThan(taken.userID);
  });
});
