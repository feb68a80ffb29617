import "../../shared/crypto/browser-shims/buffer-global";
import { SRP, SrpServer } from "fast-srp-hap";
import { describe, expect, it } from "vitest";
import {
  InvalidRecoveryKeyError,
  boxSeal,
  decryptBox,
  deriveKey,
  fromB64,
  fromB64URLSafe,
  generateKeyPair,
  loadSodium,
  randomBytes,
  recoveryKeyFromMnemonicOrHex,
  toHex,
  utf8ToBytes,
} from "../../shared/crypto";
import { sameBytes } from "../../shared/crypto/test-support/test-bytes";
import {
  IncorrectPasswordError,
  IncorrectRecoveryKeyError,
} from "../../shared/model/accounts/account-errors";
import { cheapLimits, createTestBrowser, deriveCheapKEK } from "./test-support/account-browser";
import { decryptRecoveryKey, generateAccountKeys } from "./key-hierarchy";

const password = "correct horse battery staple";

describe("key hierarchy (wire-contract 'Crypto formats')", () => {
  it("wraps the keys as the wire contract says", async () => {
    const keys = await generateAccountKeys(password, deriveCheapKEK);
    const a = keys.keyAttributes;
    expect(a.memLimit).toBe(cheapLimits.memLimitBytes);
    expect(a.opsLimit).toBe(cheapLimits.opsLimit);
    expect(fromB64(a.kekSalt)).toHaveLength(16);
    expect(fromB64(a.publicKey)).toHaveLength(32);

    // The KEK derived again from the password and the stored salt unwraps encryptedKey.
    const kek = await deriveKey(password, a.kekSalt, a.opsLimit, a.memLimit);
    const box = (data: string, nonce: string) => ({
      encryptedData: fromB64(data),
      nonce: fromB64(nonce),
    });
    const masterKey = await decryptBox(box(a.encryptedKey, a.keyDecryptionNonce), kek);
    expect(sameBytes(masterKey, keys.masterKey)).toBe(true);

    // The recovery key unwraps masterKeyEncryptedWithRecoveryKey ...
    const fromRecovery = await decryptBox(
      box(a.masterKeyEncryptedWithRecoveryKey ?? "", a.masterKeyDecryptionNonce ?? ""),
      keys.recoveryKey,
    );
    expect(sameBytes(fromRecovery, keys.masterKey)).toBe(true);
    // ... and recoveryKeyEncryptedWithMasterKey round-trips to it.
    const recovery = await decryptRecoveryKey(a, masterKey);
    expect(recovery && sameBytes(recovery, keys.recoveryKey)).toBe(true);

    // The secret key under the master key opens a box sealed to publicKey.
    const secretKey = await decryptBox(
      box(a.encryptedSecretKey, a.secretKeyDecryptionNonce),
      masterKey,
    );
    const sodium = await loadSodium();
    const sealed = await boxSeal(utf8ToBytes("hello"), fromB64(a.publicKey));
    const opened = sodium.crypto_box_seal_open(sealed, fromB64(a.publicKey), secretKey);
    expect(new TextDecoder().decode(opened)).toBe("hello");
  });
});

describe("account worker", () => {
  it("signs up, shows 24 words that unlock the account, and unlocks with the password", async () => {
    const browser = createTestBrowser();
    const worker = browser.newWorker();
    const { keyAttributes, recoveryMnemonic } = await worker.generateAccount(password);
    expect(recoveryMnemonic.split(" ")).toHaveLength(24);
    expect(await worker.isUnlocked()).toBe(true);

    const other = createTestBrowser().newWorker();
    await expect(other.unlockWithPassword(keyAttributes, "wrong")).rejects.toBeInstanceOf(
      IncorrectPasswordError,
    );
    expect(await other.isUnlocked()).toBe(false);
    await other.unlockWithPassword(keyAttributes, password);
    expect(await other.isUnlocked()).toBe(true);
    // The hidden section asks the password again: checked, nothing held changes.
    expect(await other.verifyPassword("wrong")).toBe(false);
    expect(await other.verifyPassword(password)).toBe(true);
    expect(await other.isUnlocked()).toBe(true);
    await expect(createTestBrowser().newWorker().verifyPassword(password)).rejects.toThrow();

    const viaWords = createTestBrowser().newWorker();
    await viaWords.unlockWithRecoveryKey(keyAttributes, recoveryMnemonic.toUpperCase());
    const viaHex = createTestBrowser().newWorker();
    const hex = toHex(recoveryKeyFromMnemonicOrHex(recoveryMnemonic));
    await viaHex.unlockWithRecoveryKey(keyAttributes, hex);
    expect(await viaHex.recoveryMnemonic()).toBe(recoveryMnemonic);
  });

  it("tells a malformed recovery key from a wrong one", async () => {
    const { keyAttributes } = await createTestBrowser().newWorker().generateAccount(password);
    const worker = createTestBrowser().newWorker();
    await expect(worker.unlockWithRecoveryKey(keyAttributes, "not a key")).rejects.toBeInstanceOf(
      InvalidRecoveryKeyError,
    );
    const someoneElses = toHex(await randomBytes(32));
    await expect(worker.unlockWithRecoveryKey(keyAttributes, someoneElses)).rejects.toBeInstanceOf(
      IncorrectRecoveryKeyError,
    );
  });

  it("opens a token sealed to the account's public key as URL-safe base64 with padding", async () => {
    const worker = createTestBrowser().newWorker();
    const { keyAttributes } = await worker.generateAccount(password);
    const tokenBytes = await randomBytes(32);
    const sealed = await boxSeal(tokenBytes, fromB64(keyAttributes.publicKey));
    const token = await worker.openSealedToken(Buffer.from(sealed).toString("base64"));
    expect(token).toHaveLength(44);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}=$/);
    expect(sameBytes(fromB64URLSafe(token), tokenBytes)).toBe(true);

    const challenge = await boxSeal(utf8ToBytes("a.jwt.value"), fromB64(keyAttributes.publicKey));
    expect(await worker.openDeleteChallenge(Buffer.from(challenge).toString("base64"))).toBe(
      "a.jwt.value",
    );
  });

  it("refuses to open a token before it holds the keys", async () => {
    const worker = createTestBrowser().newWorker();
    const { publicKey } = await generateKeyPair();
    const sealed = await boxSeal(await randomBytes(32), publicKey);
    await expect(
      worker.openSealedToken(Buffer.from(sealed).toString("base64")),
    ).rejects.toMatchObject({ name: "AccountLockedError" });
  });

  it("sets up SRP with a verifier that a fast-srp-hap server accepts at login", async () => {
    const worker = createTestBrowser().newWorker();
    const { keyAttributes } = await worker.generateAccount(password);
    const setup = await worker.beginSRPSetup();

    // A server holding only the verifier (as ours does) runs the exchange.
    const runServer = async (srpA: string, proof: (srpB: string) => Promise<{ srpM1: string }>) => {
      const server = new SrpServer(
        SRP.params["4096"],
        Buffer.from(fromB64(setup.srpVerifier)),
        Buffer.from(await randomBytes(32)),
      );
      server.setA(Buffer.from(fromB64(srpA)));
      const { srpM1 } = await proof(server.computeB().toString("base64"));
      server.checkM1(Buffer.from(fromB64(srpM1)));
      return server.computeM2().toString("base64");
    };

    const m2Setup = await runServer(setup.srpA, (b) => worker.srpProof(b));
    await worker.verifySRPServerProof(m2Setup);

    // Another browser logs in knowing the password and the public SRP attributes.
    const login = createTestBrowser().newWorker();
    const { srpA } = await login.beginSRPLogin(
      {
        srpUserID: setup.srpUserID,
        srpSalt: setup.srpSalt,
        kekSalt: keyAttributes.kekSalt,
        memLimit: keyAttributes.memLimit,
        opsLimit: keyAttributes.opsLimit,
      },
      password,
    );
    const m2Login = await runServer(srpA, (b) => login.srpProof(b));
    await login.verifySRPServerProof(m2Login);
    await login.unlockWithLoginKEK(keyAttributes);
    expect(await login.isUnlocked()).toBe(true);
  });

  it("fails the SRP login with a wrong password (the server rejects M1)", async () => {
    const worker = createTestBrowser().newWorker();
    const { keyAttributes } = await worker.generateAccount(password);
    const setup = await worker.beginSRPSetup();
    const login = createTestBrowser().newWorker();
    const { srpA } = await login.beginSRPLogin(
      { ...setup, kekSalt: keyAttributes.kekSalt, memLimit: 8192, opsLimit: 1 },
      "wrong password",
    );
    const server = new SrpServer(
      SRP.params["4096"],
      Buffer.from(fromB64(setup.srpVerifier)),
      Buffer.from(await randomBytes(32)),
    );
    server.setA(Buffer.from(fromB64(srpA)));
    const { srpM1 } = await login.srpProof(server.computeB().toString("base64"));
    expect(() => {
      server.checkM1(Buffer.from(fromB64(srpM1)));
    }).toThrow();
  });

  it("re-wraps the master key under a new password, keeping every other key", async () => {
    const worker = createTestBrowser().newWorker();
    const { keyAttributes, recoveryMnemonic } = await worker.generateAccount(password);
    const { keyAttributes: updated, updatedKeyAttr } = await worker.rewrapMasterKey("new password");
    expect(updated.kekSalt).toBe(updatedKeyAttr.kekSalt);
    expect(updated.kekSalt).not.toBe(keyAttributes.kekSalt);
    expect(updated.publicKey).toBe(keyAttributes.publicKey);
    expect(updated.encryptedSecretKey).toBe(keyAttributes.encryptedSecretKey);

    const other = createTestBrowser().newWorker();
    await expect(other.unlockWithPassword(updated, password)).rejects.toBeInstanceOf(
      IncorrectPasswordError,
    );
    await other.unlockWithPassword(updated, "new password");
    expect(await other.recoveryMnemonic()).toBe(recoveryMnemonic);
  });

  it("encrypts the TOTP secret under the recovery key, which alone decrypts it", async () => {
    const worker = createTestBrowser().newWorker();
    const { recoveryMnemonic } = await worker.generateAccount(password);
    const encrypted = await worker.encryptTwoFactorSecret("JBSWY3DPEHPK3PXP");
    const fresh = createTestBrowser().newWorker();
    const secret = await fresh.decryptTwoFactorSecret(
      {
        encryptedSecret: encrypted.encryptedTwoFactorSecret,
        secretDecryptionNonce: encrypted.twoFactorSecretDecryptionNonce,
      },
      recoveryMnemonic,
    );
    expect(secret).toBe("JBSWY3DPEHPK3PXP");
    await expect(
      fresh.decryptTwoFactorSecret(
        {
          encryptedSecret: encrypted.encryptedTwoFactorSecret,
          secretDecryptionNonce: encrypted.twoFactorSecretDecryptionNonce,
        },
        toHex(await randomBytes(32)),
      ),
    ).rejects.toBeInstanceOf(IncorrectRecoveryKeyError);
  });
});
