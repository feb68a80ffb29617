// The client side of SRP-6a login (fast-srp-hap, RFC 5054 4096-bit group,
// g = 5, SHA-256). The identity is the account's `srpUserID` (a UUID string)
// and the password is the login sub-key. See: [Note: SRP login sub-key]

// Must come before fast-srp-hap. See: [Note: fast-srp-hap needs a global Buffer]
import "./browser-shims/buffer-global";
import { SRP, SrpClient } from "fast-srp-hap";
import { fromB64, toB64 } from "./base64";
import {
  CryptoError,
  InvalidLengthError,
  SRPProtocolError,
  SRPServerProofMismatchError,
  describeThrown,
} from "./errors";
import { LOGIN_SUB_KEY_BYTES } from "./kdf";
import { ensureLength } from "./sizes";
import { loadSodium } from "./sodium";
import { toHex } from "./hex";

const srpParams = SRP.params["4096"];

/** Size of A, B and the verifier: the 4096-bit group's modulus, left-padded. */
export const SRP_VALUE_BYTES = 512;
/** SHA-256 proofs M1 and M2. */
export const SRP_PROOF_BYTES = 32;
/** `srpSalt` is 16 random bytes. */
export const SRP_SALT_BYTES = 16;
/** The client's secret exponent `a`: 256 random bits. */
const SRP_CLIENT_SECRET_BYTES = 32;

// [Note: SRP uses the RFC 5054 proofs, not HomeKit's]
//
// fast-srp-hap defaults to the HomeKit (HAP) variant of the proofs, which mix
// the identity and salt into M1. The wire format (and go-srp on the other
// side) uses M1 = H(A ‖ PAD(B) ‖ S) and M2 = H(A ‖ M1 ‖ K), which is what the
// library computes when its `hap` argument is false, so every client session
// is created with `hap = false`.

export interface SRPSetupAttributes {
  srpUserID: string;
  srpSaltB64: string;
  srpVerifierB64: string;
}

/** A random (version 4) UUID, from libsodium's CSPRNG (`crypto.randomUUID` needs a secure context). */
const randomUUID = async (): Promise<string> => {
  const bytes = (await loadSodium()).randombytes_buf(16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40; // version 4
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80; // RFC 4122 variant
  const hex = toHex(bytes);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

const ensureLoginSubKey = (loginSubKey: Uint8Array) => {
  ensureLength(loginSubKey, LOGIN_SUB_KEY_BYTES, "SRP login sub-key");
};

/** The SRP verifier of `loginSubKey` for `srpUserID` and `srpSaltB64`. */
export const computeSRPVerifierB64 = async (
  srpUserID: string,
  srpSaltB64: string,
  loginSubKey: Uint8Array,
): Promise<string> => {
  await loadSodium(); // the browser `crypto` shim hashes with libsodium
  ensureLoginSubKey(loginSubKey);
  const verifier = SRP.computeVerifier(
    srpParams,
    Buffer.from(fromB64(srpSaltB64)),
    Buffer.from(srpUserID, "utf8"),
    Buffer.from(loginSubKey),
  );
  return toB64(verifier);
};

/** Fresh SRP attributes (new `srpUserID` and salt) for sign-up or a password change. */
export const generateSRPSetupAttributes = async (
  loginSubKey: Uint8Array,
): Promise<SRPSetupAttributes> => {
  const srpUserID = await randomUUID();
  const srpSaltB64 = toB64((await loadSodium()).randombytes_buf(SRP_SALT_BYTES));
  const srpVerifierB64 = await computeSRPVerifierB64(srpUserID, srpSaltB64, loginSubKey);
  return { srpUserID, srpSaltB64, srpVerifierB64 };
};

/**
 * One SRP login attempt: send `srpAB64`, give the server's B to `setB`, send
 * `computeM1B64()`, then check the server's M2 with `verifyM2`.
 */
export class SRPClientSession {
  readonly #client: SrpClient;
  #hasB = false;

  private constructor(
    client: SrpClient,
    /** The client's public value A (512 bytes), base64. */
    readonly srpAB64: string,
  ) {
    this.#client = client;
  }

  static async create(
    srpUserID: string,
    srpSaltB64: string,
    loginSubKey: Uint8Array,
  ): Promise<SRPClientSession> {
    const sodium = await loadSodium();
    ensureLoginSubKey(loginSubKey);
    const client = new SrpClient(
      srpParams,
      Buffer.from(fromB64(srpSaltB64)),
      Buffer.from(srpUserID, "utf8"),
      Buffer.from(loginSubKey),
      Buffer.from(sodium.randombytes_buf(SRP_CLIENT_SECRET_BYTES)),
      false, // See: [Note: SRP uses the RFC 5054 proofs, not HomeKit's]
    );
    return new SRPClientSession(client, toB64(client.computeA()));
  }

  /** Takes the server's public value B; throws `SRPProtocolError` if it is out of range. */
  setB(srpBB64: string): void {
    const b = fromB64(srpBB64);
    ensureLength(b, SRP_VALUE_BYTES, "SRP B");
    try {
      this.#client.setB(Buffer.from(b));
    } catch (e) {
      throw new SRPProtocolError(`Server sent an invalid SRP B: ${describeThrown(e)}`, {
        cause: e,
      });
    }
    this.#hasB = true;
  }

  /** The client's proof M1 (32 bytes), base64. Requires `setB` first. */
  computeM1B64(): string {
    if (!this.#hasB) throw new CryptoError("SRP M1 needs the server's B first");
    return toB64(this.#client.computeM1());
  }

  /** Checks the server's proof M2; throws `SRPServerProofMismatchError` if it is wrong. */
  verifyM2(srpM2B64: string): void {
    if (!this.#hasB) throw new CryptoError("SRP M2 needs the server's B first");
    const m2 = fromB64(srpM2B64);
    if (m2.length !== SRP_PROOF_BYTES) {
      throw new InvalidLengthError(`SRP M2 must be ${SRP_PROOF_BYTES} bytes, not ${m2.length}`);
    }
    try {
      this.#client.checkM2(Buffer.from(m2));
    } catch (e) {
      throw new SRPServerProofMismatchError("The server's SRP proof M2 does not match", {
        cause: e,
      });
    }
  }
}
