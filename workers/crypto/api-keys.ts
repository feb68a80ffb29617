// Keys in the crypto worker: generation, password-based derivation (seconds of
// Argon2id that must never run on the UI thread), sub-keys, the recovery key
// and the SRP login, whose secrets then never leave the worker except as the
// wire values. Keys cross the boundary in base64, as they travel on the wire.

import {
  SRPClientSession,
  type SRPSetupAttributes,
  computeSRPVerifierB64,
  deriveInteractiveKey,
  deriveKey,
  deriveSensitiveKey,
  deriveSRPLoginSubKey,
  deriveSubKey,
  fromB64,
  generateSRPSetupAttributes as generateSRPSetupAttributesShared,
  recoveryKeyFromMnemonicOrHex,
  recoveryKeyToMnemonic as recoveryKeyToMnemonicShared,
  toB64,
  type DerivedKey,
} from "../../shared/crypto";
import { SessionTable } from "./sessions";

export {
  generateBlobOrStreamKeyB64,
  generateKeyB64,
  generateKeyPairB64,
} from "../../shared/crypto";

export interface DerivedKeyB64 {
  keyB64: string;
  saltB64: string;
  opsLimit: number;
  memLimitBytes: number;
}

const derivedKeyB64 = ({ key, salt, opsLimit, memLimitBytes }: DerivedKey): DerivedKeyB64 => ({
  keyB64: toB64(key),
  saltB64: toB64(salt),
  opsLimit,
  memLimitBytes,
});

/**
 * A new account KEK from `password` with a fresh salt, at 4 GiB of Argon2id
 * work (falling back on memory as needed).
 * See: [Note: Sensitive KEK limits and the memory ladder]
 */
export const deriveSensitiveKeyB64 = async (password: string): Promise<DerivedKeyB64> =>
  derivedKeyB64(await deriveSensitiveKey(password));

/** A key from `password` with a fresh salt at interactive limits (local-only re-wraps). */
export const deriveInteractiveKeyB64 = async (password: string): Promise<DerivedKeyB64> =>
  derivedKeyB64(await deriveInteractiveKey(password));

/** Re-derives a key from its stored salt and limits (login, public-link passwords). */
export const deriveKeyB64 = async (
  password: string,
  saltB64: string,
  opsLimit: number,
  memLimitBytes: number,
): Promise<string> => toB64(await deriveKey(password, saltB64, opsLimit, memLimitBytes));

/** Sub-key `subKeyID` of `keyB64` in `context` (8 bytes). */
export const deriveSubKeyB64 = async (
  keyB64: string,
  subKeyLengthBytes: number,
  subKeyID: number,
  context: string,
): Promise<string> =>
  toB64(await deriveSubKey(fromB64(keyB64), subKeyLengthBytes, subKeyID, context));

/** The SRP password for the KEK. See: [Note: SRP login sub-key] */
export const deriveSRPLoginSubKeyB64 = async (kekB64: string): Promise<string> =>
  toB64(await deriveSRPLoginSubKey(fromB64(kekB64)));

/** The 24-word mnemonic of a recovery key. */
export const recoveryKeyToMnemonic = (recoveryKeyB64: string): string =>
  recoveryKeyToMnemonicShared(fromB64(recoveryKeyB64));

/** The recovery key (base64) a user typed as a mnemonic or hex; throws `InvalidRecoveryKeyError`. */
export const recoveryKeyB64FromMnemonicOrHex = (input: string): string =>
  toB64(recoveryKeyFromMnemonicOrHex(input));

/** Fresh SRP attributes for sign-up or a password change. */
export const generateSRPSetupAttributes = (loginSubKeyB64: string): Promise<SRPSetupAttributes> =>
  generateSRPSetupAttributesShared(fromB64(loginSubKeyB64));

/** The SRP verifier of a login sub-key for given SRP attributes. */
export const srpVerifierB64 = (
  srpUserID: string,
  srpSaltB64: string,
  loginSubKeyB64: string,
): Promise<string> => computeSRPVerifierB64(srpUserID, srpSaltB64, fromB64(loginSubKeyB64));

const srpSessions = new SessionTable<SRPClientSession>("SRP");

export interface SRPSessionOpened {
  srpSessionID: number;
  /** The client's public value A to send to the server. */
  srpAB64: string;
}

/** Starts an SRP login (or setup) attempt in this worker. */
export const openSRPSession = async (
  srpUserID: string,
  srpSaltB64: string,
  loginSubKeyB64: string,
): Promise<SRPSessionOpened> => {
  const session = await SRPClientSession.create(srpUserID, srpSaltB64, fromB64(loginSubKeyB64));
  return { srpSessionID: srpSessions.open(session), srpAB64: session.srpAB64 };
};

/** Takes the server's B and returns the client's proof M1. */
export const computeSRPM1B64 = (srpSessionID: number, srpBB64: string): string => {
  const session = srpSessions.get(srpSessionID);
  session.setB(srpBB64);
  return session.computeM1B64();
};

/**
 * Checks the server's proof M2 (throws `SRPServerProofMismatchError`) and ends
 * the session either way.
 */
export const verifySRPM2 = (srpSessionID: number, srpM2B64: string): void => {
  const session = srpSessions.get(srpSessionID);
  srpSessions.remove(srpSessionID);
  session.verifyM2(srpM2B64);
};

/** Abandons an SRP attempt; closing an unknown session does nothing. */
export const closeSRPSession = (srpSessionID: number): void => {
  srpSessions.remove(srpSessionID);
};
