import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import type {
  EmailAuthorizationResponse,
  KeyAttributesInput,
} from "../../shared/api/endpoints/account-schemas";
import { fromB64, toB64, toB64URLSafe } from "../../shared/crypto/base64";
import { encryptBox } from "../../shared/crypto/box";
import { deriveSRPLoginSubKey } from "../../shared/crypto/kdf";
import { generateKey, generateKeyPair, randomBytes, type KeyPair } from "../../shared/crypto/keys";
import { boxSealOpen } from "../../shared/crypto/sealed-box";
import { generateSRPSetupAttributes, SRPClientSession } from "../../shared/crypto/srp";
import type { TestAccountsServer } from "./accounts";

// A client of the account endpoints for server tests, using the real client
// crypto of shared/crypto. The KEK stands for the password: deriving it with
// Argon2id would only slow the tests, and the server never sees it; the
// attributes still claim the sensitive limits (256 MiB × 16) the server
// checks.

export const sensitiveLimits = { memLimit: 256 * 1024 ** 2, opsLimit: 16 } as const;

export interface AccountKeys {
  masterKey: Uint8Array;
  recoveryKey: Uint8Array;
  keyPair: KeyPair;
}

const b64Box = async (data: Uint8Array, key: Uint8Array) => {
  const { encryptedData, nonce } = await encryptBox(data, key);
  return { encryptedB64: toB64(encryptedData), nonceB64: toB64(nonce) };
};

export const newAccountKeys = async (): Promise<AccountKeys> => ({
  masterKey: await generateKey(),
  recoveryKey: await generateKey(),
  keyPair: await generateKeyPair(),
});

/** The KEK fields of key attributes for `kek`. */
export const kekFields = async (keys: AccountKeys, kek: Uint8Array) => {
  const masterUnderKEK = await b64Box(keys.masterKey, kek);
  return {
    kekSalt: toB64(await randomBytes(16)),
    encryptedKey: masterUnderKEK.encryptedB64,
    keyDecryptionNonce: masterUnderKEK.nonceB64,
    ...sensitiveLimits,
  };
};

export const keyAttributesFor = async (
  keys: AccountKeys,
  kek: Uint8Array,
): Promise<KeyAttributesInput> => {
  const secretKey = await b64Box(keys.keyPair.secretKey, keys.masterKey);
  const masterUnderRecovery = await b64Box(keys.masterKey, keys.recoveryKey);
  const recoveryUnderMaster = await b64Box(keys.recoveryKey, keys.masterKey);
  return {
    ...(await kekFields(keys, kek)),
    kekHash: "",
    publicKey: toB64(keys.keyPair.publicKey),
    encryptedSecretKey: secretKey.encryptedB64,
    secretKeyDecryptionNonce: secretKey.nonceB64,
    masterKeyEncryptedWithRecoveryKey: masterUnderRecovery.encryptedB64,
    masterKeyDecryptionNonce: masterUnderRecovery.nonceB64,
    recoveryKeyEncryptedWithMasterKey: recoveryUnderMaster.encryptedB64,
    recoveryKeyDecryptionNonce: recoveryUnderMaster.nonceB64,
  };
};

export class TestAccountClient {
  kek: Uint8Array = new Uint8Array();
  keys!: AccountKeys;
  token = "";
  userID = 0;
  /** Sent as `X-Client-Package`; tokens belong to its app. */
  clientPackage = "io.cairn.photos.web";

  constructor(
    readonly server: Pick<TestAccountsServer, "request" | "lastCode">,
    readonly email: string,
  ) {}

  async call(
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
    url: string,
    body?: unknown,
    token: string = this.token,
  ): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { "x-client-package": this.clientPackage };
    if (token !== "") headers["x-auth-token"] = token;
    return this.server.request({
      method,
      url,
      headers,
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
  }

  async ok<T = unknown>(
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
    url: string,
    body?: unknown,
  ): Promise<T> {
    const answer = await this.call(method, url, body);
    expect(answer.statusCode, `${method} ${url}: ${answer.body}`).toBe(200);
    return (answer.body === "" ? undefined : answer.json()) as T;
  }

  /** Opens `encryptedToken` with the account's key pair: the token as the client keeps it. */
  async openToken(encryptedTokenB64: string): Promise<string> {
    const bytes = await boxSealOpen(
      fromB64(encryptedTokenB64),
      this.keys.keyPair.publicKey,
      this.keys.keyPair.secretKey,
    );
    return toB64URLSafe(bytes);
  }

  async sendCode(purpose: string): Promise<LightMyRequestResponse> {
    return this.call("POST", "/users/ott", { email: this.email, purpose }, "");
  }

  async verifyEmail(): Promise<EmailAuthorizationResponse> {
    const answer = await this.call(
      "POST",
      "/users/verify-email",
      { email: this.email, ott: this.server.lastCode(this.email) },
      "",
    );
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json();
  }

  /** Sets up SRP for the current KEK through `setup` then `complete` (or `update`). */
  async setupSRP(
    finish: "complete" | "update",
    extra: Record<string, unknown> = {},
  ): Promise<{ setupID: string; srpM2: string }> {
    const loginSubKey = await deriveSRPLoginSubKey(this.kek);
    const { srpUserID, srpSaltB64, srpVerifierB64 } = await generateSRPSetupAttributes(loginSubKey);
    const session = await SRPClientSession.create(srpUserID, srpSaltB64, loginSubKey);
    const setup = await this.ok<{ setupID: string; srpB: string }>("POST", "/users/srp/setup", {
      srpUserID,
      srpSalt: srpSaltB64,
      srpVerifier: srpVerifierB64,
      srpA: session.srpAB64,
    });
    session.setB(setup.srpB);
    const answer = await this.ok<{ setupID: string; srpM2: string }>(
      "POST",
      `/users/srp/${finish}`,
      { setupID: setup.setupID, srpM1: session.computeM1B64(), ...extra },
    );
    session.verifyM2(answer.srpM2);
    return answer;
  }

  /** Sign-up: code, verification, key attributes, SRP. Leaves a valid token. */
  async signUp(): Promise<void> {
    expect((await this.sendCode("signup")).statusCode).toBe(200);
    const verified = await this.verifyEmail();
    expect(verified.token).toBeDefined();
    this.token = verified.token ?? "";
    this.userID = verified.id;
    this.keys = await newAccountKeys();
    this.kek = await generateKey();
    await this.ok("PUT", "/users/attributes", {
      keyAttributes: await keyAttributesFor(this.keys, this.kek),
    });
    await this.setupSRP("complete");
  }

  /** An SRP login with `kek`; answers the raw HTTP answer of verify-session. */
  async srpLogin(kek: Uint8Array = this.kek): Promise<LightMyRequestResponse> {
    const attributes = await this.call(
      "GET",
      `/users/srp/attributes?email=${encodeURIComponent(this.email)}`,
      undefined,
      "",
    );
    expect(attributes.statusCode, attributes.body).toBe(200);
    const { srpUserID, srpSalt } = attributes.json<{
      attributes: { srpUserID: string; srpSalt: string };
    }>().attributes;
    const session = await SRPClientSession.create(
      srpUserID,
      srpSalt,
      await deriveSRPLoginSubKey(kek),
    );
    const created = await this.call(
      "POST",
      "/users/srp/create-session",
      { srpUserID, srpA: session.srpAB64 },
      "",
    );
    expect(created.statusCode, created.body).toBe(200);
    const { sessionID, srpB } = created.json<{ sessionID: string; srpB: string }>();
    session.setB(srpB);
    const verified = await this.call(
      "POST",
      "/users/srp/verify-session",
      { sessionID, srpUserID, srpM1: session.computeM1B64() },
      "",
    );
    if (verified.statusCode === 200) {
      session.verifyM2(verified.json<{ srpM2: string }>().srpM2);
    }
    return verified;
  }
}

/** Deletes `user`'s account through the deletion challenge, as the accounts app does. */
export const deleteTestAccount = async (user: TestAccountClient): Promise<void> => {
  const { encryptedChallenge } = await user.ok<{ encryptedChallenge: string }>(
    "GET",
    "/users/delete-challenge",
  );
  const challenge = new TextDecoder().decode(
    await boxSealOpen(
      fromB64(encryptedChallenge),
      user.keys.keyPair.publicKey,
      user.keys.keyPair.secretKey,
    ),
  );
  await user.ok("DELETE", "/users/delete", { challenge, reason: "testing", feedback: "" });
};
