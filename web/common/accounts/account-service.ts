// The account flows as the screens see them: one service the sign-up, login,
// recovery, two-factor, passkey, settings and logout screens call. Screens
// never do crypto and never build requests; this service drives the API
// client (shared/api) and the account worker (workers/account), which holds
// the keys.
//
// - Implementation: `createAccountService` (create-account-service.ts); in a
//   browser tab, `createBrowserAccountService` (browser-account-service.ts).
// - Screens get it from `useAccountService()` (account-screens/account-service-context.ts).
// - After a `logged-in` step the screens call `followPendingRedirect()`.
// - At start-up the app calls `resumeSession()` (which screen a stored login
//   needs) and, when logged in, `scheduleFeatureFlagsPull()`.
// - Errors: the typed errors of shared/model (HTTP, transport), of
//   shared/crypto (`InvalidRecoveryKeyError`) and of workers/account
//   (`IncorrectPasswordError`, `IncorrectRecoveryKeyError`, ...).
// See: [Note: The master key survives a reload, not a browser restart]

/**
 * [Note: A login says what it is doing]
 *
 * A password login takes seconds, most of them deriving the password key
 * (Argon2id at the account's limits, slow on purpose), and a spinning button
 * alone made people think it had hung. So the service tells the page each
 * stage as it starts, and the page says it under the button: unlocking the
 * keys (with why it takes a while), checking the password with the server,
 * then opening the library until the gallery takes over.
 */
export type LoginProgress = "unlocking-keys" | "checking-password";

/** Where a login (or sign-up) stands after a step, and so which screen comes next. */
export type LoginStep =
  /** Token and master key are in place: go to the gallery (or follow a held redirect). */
  | { kind: "logged-in" }
  /** A token is held but the master key is not (e.g. after an email-code login, or a browser restart): `/credentials`. */
  | { kind: "needs-password" }
  /** A fresh account without keys: `/generate`. */
  | { kind: "needs-keys" }
  /** The account has TOTP: `/two-factor/verify` with this session. */
  | { kind: "two-factor"; sessionID: string }
  /** The account has passkeys: send the user to the accounts app, then poll for the token. */
  | { kind: "passkey"; sessionID: string; accountsUrl: string; twoFactorSessionID?: string };

export type LoginMethod = "srp" | "email-code";

/** What a tab finds at start-up (`resumeSession`): a login step, or nobody logged in. */
export type ResumedSession = LoginStep | { kind: "logged-out" };

/** A passkey of the account, as the accounts app lists it. */
export interface PasskeyView {
  id: string;
  friendlyName: string;
  createdAtUs: number;
}

/** WebAuthn creation options (`PublicKeyCredentialCreationOptionsJSON`), for @simplewebauthn/browser. */
export interface PasskeyRegistrationStart {
  sessionID: string;
  optionsJSON: Record<string, unknown>;
}

export interface TwoFactorSetup {
  /** Base32 secret, for typing into an authenticator by hand. */
  secretCode: string;
  /** The `otpauth://` QR code as a `data:image/png;base64,...` URL. */
  qrCodeDataURL: string;
}

/** A device logged in to this app, as the settings list it. */
export interface SessionView {
  /** What the server names the session (ends it with `endSession`). */
  name: string;
  /** The browser or app and its system, e.g. "Chrome on Linux". */
  device: string;
  ip: string;
  createdAtMs: number;
  lastUsedAtMs: number;
  isThisDevice: boolean;
}

export interface UserDetailsView {
  email: string;
  usageBytes: number;
  fileCount: number;
  storageBytes: number;
  subscriptionExpiryTimeUs: number;
  productID: string;
  isTwoFactorEnabled: boolean;
  passkeyCount: number;
  familyData?: {
    members: { id: string; email: string; usageBytes: number; isAdmin: boolean }[];
    storageBytes: number;
  };
}

export interface AccountService {
  // Sign-up: /signup → /verify → /generate
  sendEmailCode(email: string, purpose: "signup" | "login" | "change"): Promise<void>;
  verifyEmailCode(email: string, code: string): Promise<LoginStep>;
  /** Generates every key in the worker, stores the attributes, sets up SRP; returns the 24 words to show. */
  generateAccount(password: string): Promise<{ recoveryMnemonic: string }>;

  // Login: /login → /credentials
  loginMethodFor(email: string): Promise<LoginMethod>;
  /** `onProgress` hears each stage as it starts. See: [Note: A login says what it is doing] */
  loginWithPassword(
    email: string,
    password: string,
    onProgress?: (progress: LoginProgress) => void,
  ): Promise<LoginStep>;
  /** `/credentials`: re-derive the master key of the logged-in user from the password. */
  unlockWithPassword(
    password: string,
    onProgress?: (progress: LoginProgress) => void,
  ): Promise<LoginStep>;

  // Two factors
  verifyTwoFactor(sessionID: string, code: string): Promise<LoginStep>;
  /** `/two-factor/recover`: the recovery key removes the second factor for this login. */
  removeTwoFactorWithRecoveryKey(
    sessionID: string,
    recoveryMnemonicOrHex: string,
    twoFactorType: "totp" | "passkey",
  ): Promise<LoginStep>;
  /** Polls `/users/two-factor/passkeys/get-token` until the accounts app has verified the passkey. */
  waitForPasskeyLogin(sessionID: string, signal: AbortSignal): Promise<LoginStep>;
  twoFactorStatus(): Promise<boolean>;
  setUpTwoFactor(): Promise<TwoFactorSetup>;
  enableTwoFactor(code: string): Promise<void>;
  disableTwoFactor(): Promise<void>;

  // Recovery and changes
  /** `/recover`: unlock with the recovery key, then set a new password. */
  recoverWithRecoveryKey(recoveryMnemonicOrHex: string): Promise<void>;
  changePassword(newPassword: string): Promise<void>;
  changeEmail(newEmail: string, code: string): Promise<void>;

  // Session, settings, logout, deletion
  checkSessionValidity(): Promise<"valid" | "invalid">;
  userDetails(): Promise<UserDetailsView>;
  /** The devices logged in to this app, this one first. */
  activeSessions(): Promise<SessionView[]>;
  /** Logs another device out (its session's `name`). */
  endSession(name: string): Promise<void>;
  remoteFlag(key: "mapEnabled" | "faceSearchEnabled"): Promise<boolean>;
  setRemoteFlag(key: "mapEnabled" | "faceSearchEnabled", value: boolean): Promise<void>;
  logout(): Promise<void>;
  deleteAccount(reason: { category: string; feedback: string }): Promise<void>;

  // Start-up
  /**
   * At start-up: reopens the master key kept for this tab (after a reload),
   * or tells which screen the stored login needs. After a browser restart
   * this is `needs-password`. See: [Note: The master key survives a reload, not a browser restart]
   */
  resumeSession(): Promise<ResumedSession>;
  /** Spec §9: fetch the remote feature flags into local storage 2000 ms from now (once per start). */
  scheduleFeatureFlagsPull(): void;
  /** The recovery key of the logged-in account as its 24 words (settings). */
  recoveryMnemonic(): Promise<string>;
  /** Whether `password` is this account's (the hidden section asks it again). See: [Note: Hidden is locked] */
  verifyPassword(password: string): Promise<boolean>;

  // Passkeys (the accounts app, with an ACCOUNTS JWT)
  /** The photos app: an ACCOUNTS JWT and the accounts app's URL, to open passkey management. */
  fetchAccountsToken(): Promise<{ accountsToken: string; accountsUrl: string }>;
  /** The accounts app: use this ACCOUNTS JWT (handed over by the photos app) for the calls below. */
  useAccountsToken(accountsToken: string): void;
  listPasskeys(): Promise<PasskeyView[]>;
  beginPasskeyRegistration(): Promise<PasskeyRegistrationStart>;
  /** `credential` is the `RegistrationResponseJSON` of @simplewebauthn/browser's `startRegistration`. */
  finishPasskeyRegistration(
    start: PasskeyRegistrationStart,
    friendlyName: string,
    credential: unknown,
  ): Promise<void>;
  renamePasskey(id: string, friendlyName: string): Promise<void>;
  deletePasskey(id: string): Promise<void>;
}
