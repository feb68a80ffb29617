import { randomBytes } from "node:crypto";
import { SRP, SrpServer } from "fast-srp-hap";
import { apiError, badRequest, unauthorized } from "../http/api-errors";

// The server side of SRP-6a (wire-contract §2.2) with fast-srp-hap: RFC 5054
// 4096-bit group, g = 5, SHA-256, and the RFC 5054 proofs (fast-srp-hap
// computes M1 = H(A ‖ PAD(B) ‖ S) for a server built from a verifier, which
// is what our client's `hap = false` sessions send).
// See: [Note: SRP uses the RFC 5054 proofs, not HomeKit's]

const params = SRP.params["4096"];

/** The server's secret exponent b: 32 random bytes (wire-contract §2.2). */
export const newServerSecretB64 = (): string => randomBytes(32).toString("base64");

/** A random stand-in verifier, for fake sessions of unknown users. */
export const randomVerifierB64 = (): string => randomBytes(512).toString("base64");

const serverFor = (verifierB64: string, serverSecretB64: string) =>
  new SrpServer(params, Buffer.from(verifierB64, "base64"), Buffer.from(serverSecretB64, "base64"));

/** B for a verifier and secret (512 bytes, base64). */
export const computeServerBB64 = (verifierB64: string, serverSecretB64: string): string =>
  serverFor(verifierB64, serverSecretB64).computeB().toString("base64");

/**
 * Checks the client's proof; answers M2 (base64) when it matches. Throws 400
 * for an A outside 1..N-1 and 401 for a wrong proof.
 */
export const verifyClientProof = (
  verifierB64: string,
  serverSecretB64: string,
  srpAB64: string,
  srpM1B64: string,
): string => {
  const server = serverFor(verifierB64, serverSecretB64);
  try {
    server.setA(Buffer.from(srpAB64, "base64"));
  } catch {
    throw badRequest("srpA is not a valid SRP value");
  }
  try {
    server.checkM1(Buffer.from(srpM1B64, "base64"));
  } catch {
    throw unauthorized("The password is not correct");
  }
  return server.computeM2().toString("base64");
};

/** Checks that A lies in 1..N-1 before storing it (a session with a bad A can never verify). */
export const ensureValidA = (srpAB64: string): void => {
  const a = BigInt(`0x${Buffer.from(srpAB64, "base64").toString("hex") || "0"}`);
  const n = BigInt(`0x${params.N.toString(16)}`);
  if (a <= 0n || a >= n) throw badRequest("srpA is not a valid SRP value");
};

export const sessionAlreadyVerified = () =>
  apiError(410, "SESSION_ALREADY_VERIFIED", "This SRP session was already used");
export const tooManyWrongAttempts = () =>
  apiError(410, "TOO_MANY_WRONG_ATTEMPTS", "Too many wrong passwords in this session; start again");
