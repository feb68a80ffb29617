// The account flows as the screens see them: one service the sign-up, login,
// recovery, two-factor, passkey, settings and logout screens call. Screens
// never do crypto and never build requests; this service drives the API
// client (shared/api) and the account worker (workers/account), which holds
// the keys. See the implementation for the design notes.

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

export interface TwoFactorSetup {
  /** Base32 secret, for typing into an authenticator by hand. */
  secretCode: string;
  /** The `otpauth://` QR code as a `data:image/png;base64,...` URL. */
  qrCodeDataURL: string;
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
  loginWithPassword(email: string, password: string): Promise<LoginStep>;
  /** `/credentials`: re-derive the master key of the logged-in user from the password. */
  unlockWithPassword(password: string): Promise<LoginStep>;

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
  remoteFlag(key: "mapEnabled" | "faceSearchEnabled"): Promise<boolean>;
  setRemoteFlag(key: "mapEnabled" | "faceSearchEnabled", value: boolean): Promise<void>;
  logout(): Promise<void>;
  deleteAccount(reason: { category: string; feedback: string }): Promise<void>;
}
