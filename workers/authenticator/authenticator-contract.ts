// The auth app's calls into its worker, declared once (see: [Note: A
// worker's API is declared once]). The worker holds the authenticator key,
// the codes' secrets and the encrypted local copy; the page gets what it
// shows: the codes' names and options without their secrets, and the codes
// themselves, computed in the worker for the moment asked.

import type { OtpAlgorithm, OtpKind } from "./codes/entry";

/** The kinds and algorithms are the codes' own (`codes/entry.ts`), named for the page. */
export type AuthCodeKind = OtpKind;
export type AuthCodeAlgorithm = OtpAlgorithm;

/** A code as the list shows it: everything but its secret. */
export interface AuthCodeSummary {
  id: string;
  kind: AuthCodeKind;
  issuer: string;
  account: string;
  note: string;
  tags: readonly string[];
  pinned: boolean;
  /** In "Recently deleted": restorable until deleted for good. */
  trashed: boolean;
  /** Its place in the manual order, once the user arranged the codes. */
  position: number | undefined;
  lastUsedAtMs: number | undefined;
  algorithm: AuthCodeAlgorithm;
  digits: number;
  periodSeconds: number;
  /** Made or changed on this device and not yet on the server. */
  pending: boolean;
}

/** A code's value at a moment. */
export interface AuthCodeValue {
  id: string;
  code: string;
  /** TOTP and Steam: the next period's code, and the period's bounds. */
  nextCode?: string | undefined;
  periodStartMs?: number | undefined;
  periodEndMs?: number | undefined;
}

export type AuthenticatorSyncState = "opening" | "syncing" | "up-to-date" | "offline" | "failed";

export interface AuthenticatorStatus {
  state: AuthenticatorSyncState;
  /** Changes made here that the server has not got yet. */
  pendingChanges: number;
  /** Codes on the server this device could not decrypt (another key): kept there, not shown. */
  undecryptable: number;
  lastSyncedAtMs?: number | undefined;
  /** Changes the server refused and dropped, until the user dismisses them. */
  refusedChanges: readonly RefusedCodeChange[];
}

/** Why the server refused a change: too large (413), too many codes (403), or any other refusal. */
export type RefusedChangeReason = "too-large" | "too-many-codes" | "refused";

/** A change the server refused, as the page names it. */
export interface RefusedCodeChange {
  /** Unique among the notices shown. */
  key: string;
  /** An added code, a change of one, or a deletion for good. */
  kind: "create" | "update" | "remove";
  /** "Issuer", "account" or both; empty when the code could not be named. */
  issuer: string;
  account: string;
  reason: RefusedChangeReason;
}

export interface AuthenticatorState {
  codes: readonly AuthCodeSummary[];
  status: AuthenticatorStatus;
}

/** Why a code could not be added or read; each has its own message. */
export type AuthInputErrorKind =
  | "not-an-otpauth-uri"
  | "unsupported-type"
  | "unknown-algorithm"
  | "secret-not-base32"
  | "missing-secret"
  | "digits-out-of-range"
  | "period-out-of-range"
  | "counter-invalid"
  | "no-qr-code"
  | "not-an-image"
  | "already-present";

export type AddCodeResult = { ok: true; id: string } | { ok: false; error: AuthInputErrorKind };

/** A code typed in by hand. */
export interface ManualCodeInput {
  kind: AuthCodeKind;
  issuer: string;
  account: string;
  secret: string;
  algorithm: AuthCodeAlgorithm;
  digits: number;
  periodSeconds: number;
  counter: number;
  note: string;
  tags: readonly string[];
}

/** What an edit may change (the secret and the options stay: a new secret is a new code). */
export interface AuthCodeChanges {
  issuer?: string;
  account?: string;
  note?: string;
  tags?: readonly string[];
}

/** One line of an import's report. */
export interface ImportedItem {
  /** "Issuer (account)", or the line or entry it came from when unreadable. */
  label: string;
  /** Why it was refused; an entry missing a field its format requires is "invalid-item". */
  reason?: AuthInputErrorKind | "invalid-item" | undefined;
}

/** Why a file as a whole could not be imported. */
export type ImportFileRefusal =
  "empty-file" | "unknown-format" | "invalid-file" | "aegis-encrypted" | "twofas-encrypted";

export interface ImportReport {
  format: string;
  added: readonly ImportedItem[];
  skipped: readonly ImportedItem[];
  refused: readonly ImportedItem[];
}

export type ImportAnswer =
  | { kind: "imported"; report: ImportReport }
  | { kind: "needs-password" }
  | { kind: "wrong-password" }
  | { kind: "file-refused"; reason: ImportFileRefusal };

/** Told the codes and the status at open and after every change; "stopped" once the account locked. */
export type AuthenticatorListener = (state: AuthenticatorState | "stopped") => void;

export interface AuthenticatorSession {
  apiOrigin: string;
  /** `X-Client-Package`. */
  clientPackage: string;
  userID: number;
  /** The session token (not a key: the server issued it). */
  token: string;
  online: boolean;
}

export interface AuthenticatorCalls {
  /** The codes of `ids` at `atMs` (TOTP and Steam; an HOTP's current code), in one call. */
  codeValues(ids: readonly string[], atMs: number): Promise<AuthCodeValue[]>;
  /** An HOTP's next code: its counter advances, and is saved. */
  nextHotpCode(id: string): Promise<AuthCodeValue | undefined>;
  /** A code was copied: "recently used" sorts by it. */
  markUsed(id: string): Promise<void>;
  /** Adds a pasted `otpauth://` URI. */
  addFromURI(text: string): Promise<AddCodeResult>;
  /** Adds the code of a QR code in an image file (its bytes, transferred). */
  addFromQRImage(bytes: Uint8Array): Promise<AddCodeResult | ImportAnswer>;
  /** Adds the code of a QR code in a camera frame, if it shows one. */
  addFromCameraFrame(frame: {
    width: number;
    height: number;
    data: Uint8ClampedArray;
  }): Promise<AddCodeResult | ImportAnswer>;
  addManual(input: ManualCodeInput): Promise<AddCodeResult>;
  edit(id: string, changes: AuthCodeChanges): Promise<void>;
  setPinned(id: string, pinned: boolean): Promise<void>;
  /** The codes in the order given (the manual order). */
  reorder(ids: readonly string[]): Promise<void>;
  /** To "Recently deleted". */
  trash(ids: readonly string[]): Promise<void>;
  restore(ids: readonly string[]): Promise<void>;
  /** From "Recently deleted", for good (on every device). */
  deleteForever(ids: readonly string[]): Promise<void>;
  /** Imports a file of codes (a password for an encrypted export). */
  importFile(file: { name: string; text: string }, password?: string): Promise<ImportAnswer>;
  /** The codes as a plain `otpauth://` list (the page warns first). */
  exportPlain(): Promise<string>;
  /** The codes as an encrypted export file protected by `password`. */
  exportEncrypted(password: string): Promise<string>;
  /** The user has read the refused changes: they are no longer shown. */
  dismissRefusedChanges(): void;
  /** Syncs now (start, focus, an interval, back online). */
  sync(): Promise<void>;
  setOnline(online: boolean): void;
}
