// Logging in from Node with an email and a password, as a person would in the
// web app: the SRP exchange (or the login email code when the account asks
// for one), the second factor when the account has one, then the keys
// unwrapped and the sealed session token opened. What command-line tools
// (the export) use to get what `createNodeLibraryClient` needs.
//
// The browser does the same steps split between the account service (which
// talks to the server) and the account worker (which holds the keys and
// never hands out the master key). A Node tool has no worker to keep keys
// from: it needs the account keys themselves for its library keyring, so
// this module calls the worker's building blocks (`key-hierarchy`,
// `shared/crypto`) directly. The keys stay in memory; nothing is written.

import { createApiClient, type ApiClient } from "../../shared/api/client";
import type {
  EmailAuthorizationResponse,
  TwoFactorAuthorizationResponse,
} from "../../shared/api/endpoints/account-schemas";
import {
  createSRPSession,
  getSRPAttributes,
  verifySRPSession,
} from "../../shared/api/endpoints/srp";
import { verifyTwoFactor } from "../../shared/api/endpoints/two-factor";
import { sendOtt, verifyEmail } from "../../shared/api/endpoints/users";
import { clientPackages } from "../../shared/api/headers";
import {
  SRPClientSession,
  boxSealOpen,
  deriveSRPLoginSubKey,
  fromB64,
  toB64,
  toB64URLSafe,
} from "../../shared/crypto";
import { IncorrectPasswordError } from "../../shared/model/accounts/account-errors";
import {
  CairnError,
  NotFoundError,
  TokenExpiredError,
  UnexpectedResponseError,
} from "../../shared/model/errors";
import type { LibraryAccountKeys } from "../library/node-keyring";
import type { KeyAttributes, SRPLoginAttributes } from "./key-attributes";
import { decryptKeyPair, decryptMasterKeyWithKEK, deriveKEKFor } from "./key-hierarchy";

export interface NodeLoginOptions {
  /** The API origin, e.g. `https://api.example.org`. */
  apiOrigin: string;
  email: string;
  password: string;
  /**
   * Asks the person for the six-digit code of their authenticator app, when
   * the account has two-factor authentication. Without it such an account
   * fails with `LoginCodeRequiredError`.
   */
  askTwoFactorCode?: () => Promise<string>;
  /**
   * Asks the person for the code mailed to them, when the account verifies
   * logins by email. Without it such an account fails with `LoginCodeRequiredError`.
   */
  askEmailCode?: () => Promise<string>;
  /** Hears each slow stage as it starts. See: [Note: A login says what it is doing] */
  onProgress?: (progress: NodeLoginProgress) => void;
  /** Defaults to the global `fetch`. */
  fetch?: typeof globalThis.fetch;
  /**
   * How the KEK is derived from the password (the account's salt and
   * limits). Defaults to `deriveKEKFor`; tests hand in a key derived once.
   * See: [Note: Test accounts share one derived password key]
   */
  deriveKEK?: typeof deriveKEKFor;
}

/** The stages of a login, named as the web app's `LoginProgress`. */
export type NodeLoginProgress = "unlocking-keys" | "checking-password";

/** A logged-in account: what `createNodeLibraryClient` takes, and the address it belongs to. */
export interface NodeSession {
  userID: number;
  /** The session token, URL-safe base64 as the web app stores it. */
  token: string;
  accountKeys: LibraryAccountKeys;
  email: string;
}

/** Which code a login asked for: the authenticator app's (TOTP) or the one mailed. */
export type LoginCodeKind = "totp" | "email";

// [Note: Login errors of the command line carry their own message]
//
// The apps show an account error through their own catalogue of screens'
// messages, keyed by the error's class; a command-line tool prints
// `message`. So the errors below keep a catalogue key for the apps' mapping
// and say in their message what the person can do.

const codeNames: Record<LoginCodeKind, string> = {
  totp: "two-factor code from an authenticator app",
  email: "code sent by email",
};

/** The account asks for a code, and the caller gave no way to ask for it. */
export class LoginCodeRequiredError extends CairnError {
  override name = "LoginCodeRequiredError" as const;
  readonly codeKind: LoginCodeKind;
  constructor(codeKind: LoginCodeKind) {
    super("twoFactorEnabled");
    this.codeKind = codeKind;
    // See: [Note: Login errors of the command line carry their own message]
    this.message = `This account asks for a ${codeNames[codeKind]} at login`;
  }
}

/** The code typed is not the one the server expects (wrong, already used, or not six digits). */
export class IncorrectLoginCodeError extends CairnError {
  override name = "IncorrectLoginCodeError" as const;
  readonly codeKind: LoginCodeKind;
  constructor(codeKind: LoginCodeKind, options?: ErrorOptions) {
    super("unknownError", options);
    this.codeKind = codeKind;
    // See: [Note: Login errors of the command line carry their own message]
    this.message = `The ${codeNames[codeKind]} is not correct`;
  }
}

/**
 * The account's only second factor is a passkey: it is verified in a
 * browser (the accounts app), which a command line cannot open for it.
 */
export class PasskeyLoginUnsupportedError extends CairnError {
  override name = "PasskeyLoginUnsupportedError" as const;
  constructor() {
    super("twoFactorEnabled");
    // See: [Note: Login errors of the command line carry their own message]
    this.message =
      "This account's second factor is a passkey, which the command line cannot use: " +
      "turn on two-factor codes from an authenticator app as well, or use the desktop app";
  }
}

const wipe = (bytes: Uint8Array | undefined) => bytes?.fill(0);

/** A code as a person types it ("123 456"); undefined unless six digits. */
const sixDigits = (typed: string): string | undefined => {
  const code = typed.replace(/\s+/g, "");
  return /^\d{6}$/.test(code) ? code : undefined;
};

/** Asks `ask` for a code of `codeKind`, or fails at once when there is no way to ask. */
const askCode = async (
  codeKind: LoginCodeKind,
  ask: (() => Promise<string>) | undefined,
): Promise<string> => {
  if (ask === undefined) throw new LoginCodeRequiredError(codeKind);
  const code = sixDigits(await ask());
  if (code === undefined) throw new IncorrectLoginCodeError(codeKind);
  return code;
};

/** A 401 answers a wrong code or password (wire-contract §2.1–2.3). */
const isUnauthorized = (e: unknown) => e instanceof TokenExpiredError && e.status === 401;

/**
 * The account's SRP attributes. An address without an account answers 404
 * (or, past the server's limit, made-up attributes whose login then fails
 * as a wrong password): both read as a wrong password, so the tool does not
 * tell which addresses have an account.
 */
const fetchSRPAttributes = async (api: ApiClient, email: string) => {
  try {
    return (await api.call(getSRPAttributes, { query: { email } })).attributes;
  } catch (e) {
    if (e instanceof NotFoundError) throw new IncorrectPasswordError({ cause: e });
    throw e;
  }
};

/**
 * The SRP exchange with `kek` (derived from the password). The answer is
 * trusted only once the server proved it knows the verifier (M2).
 */
const srpLogin = async (
  api: ApiClient,
  attributes: SRPLoginAttributes,
  kek: Uint8Array,
): Promise<EmailAuthorizationResponse> => {
  const loginSubKey = await deriveSRPLoginSubKey(kek);
  const session = await SRPClientSession.create(
    attributes.srpUserID,
    attributes.srpSalt,
    loginSubKey,
  );
  wipe(loginSubKey);
  const { srpUserID } = attributes;
  const { sessionID, srpB } = await api.call(createSRPSession, {
    body: { srpUserID, srpA: session.srpAB64 },
  });
  session.setB(srpB);
  let response: EmailAuthorizationResponse;
  try {
    response = await api.call(verifySRPSession, {
      body: { sessionID, srpUserID, srpM1: session.computeM1B64() },
    });
  } catch (e) {
    if (isUnauthorized(e)) throw new IncorrectPasswordError({ cause: e });
    throw e;
  }
  if (response.srpM2 === undefined) {
    throw new UnexpectedResponseError({ status: 200, issues: "srpM2: missing" });
  }
  session.verifyM2(response.srpM2);
  return response;
};

/** The login email code (an account with email verification on): the first factor instead of SRP. */
const emailCodeLogin = async (
  api: ApiClient,
  email: string,
  askEmailCode: (() => Promise<string>) | undefined,
): Promise<EmailAuthorizationResponse> => {
  if (askEmailCode === undefined) throw new LoginCodeRequiredError("email");
  await api.call(sendOtt, { body: { email, purpose: "login", client: "web" } });
  const ott = await askCode("email", askEmailCode);
  try {
    return await api.call(verifyEmail, { body: { email, ott } });
  } catch (e) {
    if (isUnauthorized(e)) throw new IncorrectLoginCodeError("email", { cause: e });
    throw e;
  }
};

const verifyTOTP = async (
  api: ApiClient,
  sessionID: string,
  askTwoFactorCode: (() => Promise<string>) | undefined,
): Promise<TwoFactorAuthorizationResponse> => {
  const code = await askCode("totp", askTwoFactorCode);
  try {
    return await api.call(verifyTwoFactor, { body: { sessionID, code } });
  } catch (e) {
    // A wrong code, or one already used (the server takes each once).
    if (isUnauthorized(e)) throw new IncorrectLoginCodeError("totp", { cause: e });
    throw e;
  }
};

/**
 * The key attributes and the sealed token, past the account's second factor
 * if it has one. The branches of `EmailAuthorizationResponse` in the wire
 * contract's order of precedence, as the web app's `loginBranchOf` reads
 * them (which lives with the screens, where a worker may not import from).
 */
const passSecondFactor = async (
  api: ApiClient,
  response: EmailAuthorizationResponse,
  askTwoFactorCode: (() => Promise<string>) | undefined,
): Promise<{ id: number; keyAttributes: KeyAttributes; encryptedToken: string }> => {
  const { id, passkeySessionID, twoFactorSessionID, twoFactorSessionIDV2 } = response;
  if (passkeySessionID !== "") {
    // With TOTP on as well, the server opens a TOTP session beside the passkey's.
    if (twoFactorSessionIDV2 === "") throw new PasskeyLoginUnsupportedError();
    return verifyTOTP(api, twoFactorSessionIDV2, askTwoFactorCode);
  }
  if (twoFactorSessionID !== "") return verifyTOTP(api, twoFactorSessionID, askTwoFactorCode);
  const { keyAttributes, encryptedToken } = response;
  if (keyAttributes !== undefined && encryptedToken !== undefined) {
    return { id, keyAttributes, encryptedToken };
  }
  throw new UnexpectedResponseError({
    status: 200,
    issues:
      response.token === undefined
        ? "the login answer carries neither a token nor a second factor"
        : "the account has no keys yet: finish signing up in the web app first",
  });
};

/**
 * Logs in to the Cairn at `apiOrigin` as `email`. Rejects with
 * `IncorrectPasswordError` for a wrong password or an unknown address,
 * `LoginCodeRequiredError`, `IncorrectLoginCodeError` or
 * `PasskeyLoginUnsupportedError` for the second factors, and the API
 * client's typed errors otherwise.
 */
export const loginFromNode = async ({
  apiOrigin,
  email,
  password,
  askTwoFactorCode,
  askEmailCode,
  onProgress,
  fetch = globalThis.fetch,
  deriveKEK = deriveKEKFor,
}: NodeLoginOptions): Promise<NodeSession> => {
  const api = createApiClient({ apiOrigin, clientPackage: clientPackages.photosWeb, fetch });
  const attributes = await fetchSRPAttributes(api, email);

  let kek: Uint8Array | undefined;
  let masterKey: Uint8Array | undefined;
  let secretKey: Uint8Array | undefined;
  try {
    let firstFactor: EmailAuthorizationResponse;
    if (attributes.isEmailMFAEnabled) {
      // The server refuses SRP to such an account: the code mailed is the
      // first factor, and the password is checked by opening the master key.
      firstFactor = await emailCodeLogin(api, email, askEmailCode);
    } else {
      // See: [Note: A login derives the password key once]
      onProgress?.("unlocking-keys");
      kek = await deriveKEK(attributes, password);
      onProgress?.("checking-password");
      firstFactor = await srpLogin(api, attributes, kek);
    }
    const { id, keyAttributes, encryptedToken } = await passSecondFactor(
      api,
      firstFactor,
      askTwoFactorCode,
    );
    if (kek === undefined) {
      onProgress?.("unlocking-keys");
      kek = await deriveKEK(keyAttributes, password);
    }
    masterKey = await decryptMasterKeyWithKEK(keyAttributes, kek);
    const keyPair = await decryptKeyPair(keyAttributes, masterKey);
    secretKey = keyPair.secretKey;
    const tokenBytes = await boxSealOpen(fromB64(encryptedToken), keyPair.publicKey, secretKey);
    return {
      userID: id,
      token: toB64URLSafe(tokenBytes),
      accountKeys: {
        masterKeyB64: toB64(masterKey),
        publicKeyB64: toB64(keyPair.publicKey),
        secretKeyB64: toB64(secretKey),
      },
      email,
    };
  } finally {
    wipe(kek);
    wipe(masterKey);
    wipe(secretKey);
  }
};
