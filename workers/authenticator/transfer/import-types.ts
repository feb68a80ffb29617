// What an import produces: the entries read from a file, the items refused
// with a typed reason (and where they were), or why the file as a whole
// could not be read.

import type { AuthenticatorEntry, OtpauthUriError } from "../codes";
import type { EnteEncryptedExport } from "./ente-encrypted-export";

export type ImportFormat =
  /** `otpauth://` URIs, one per line (or comma separated): Ente Auth's plain export and most apps'. */
  | "otpauth-list"
  /** Ente Auth's legacy plain JSON export, `{"items": [{"rawData", "display"}]}`. */
  | "ente-json"
  | "ente-encrypted"
  | "aegis"
  | "2fas"
  /** Google Authenticator's `otpauth-migration://offline?data=` lines. */
  | "google-migration";

/** Why one item of a file was refused. */
export type ImportItemError =
  | OtpauthUriError
  /** The item lacks a field its format requires, or the field has the wrong type. */
  | { kind: "invalid-item"; reason: string };

export interface ImportedItem {
  entry: AuthenticatorEntry;
  /** How the user recognizes it: "Issuer (account)". */
  label: string;
  /** 1-based line of the file, for line-based formats. */
  line?: number;
}

export interface RefusedItem {
  /** What the item is called in the file (never its secret), or "line N". */
  label: string;
  line?: number;
  error: ImportItemError;
}

export interface ImportedEntries {
  format: ImportFormat;
  entries: ImportedItem[];
  refused: RefusedItem[];
}

/** Why a file as a whole could not be read. */
export type ImportFileError =
  | { kind: "empty-file" }
  | { kind: "unknown-format" }
  /** An Aegis vault encrypted with a password: export it unencrypted from Aegis. */
  | { kind: "aegis-encrypted" }
  /** A 2FAS backup encrypted with a password: export it without one from 2FAS. */
  | { kind: "2fas-encrypted" }
  /** The format was recognized, but its structure is broken. */
  | { kind: "invalid-file"; format: ImportFormat; reason: string };

export type ImportParse =
  | ({ kind: "entries" } & ImportedEntries)
  /** An Ente Auth encrypted export: ask for its password, then `decryptEnteExport`. */
  | { kind: "needs-password"; format: "ente-encrypted"; encrypted: EnteEncryptedExport }
  | { kind: "failed"; error: ImportFileError };
