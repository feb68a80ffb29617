// Key generation. Every key is 256 random bits from libsodium's CSPRNG; the
// separate generators document which primitive a key is meant for.

import { toB64 } from "./base64";
import { loadSodium } from "./sodium";

/** A key for Box (`crypto_secretbox_keygen`): master, recovery and collection keys. */
export const generateKey = async (): Promise<Uint8Array> =>
  (await loadSodium()).crypto_secretbox_keygen();

export const generateKeyB64 = async (): Promise<string> => toB64(await generateKey());

/** A key for Blob and Stream (`crypto_secretstream_xchacha20poly1305_keygen`): file keys. */
export const generateBlobOrStreamKey = async (): Promise<Uint8Array> =>
  (await loadSodium()).crypto_secretstream_xchacha20poly1305_keygen();

export const generateBlobOrStreamKeyB64 = async (): Promise<string> =>
  toB64(await generateBlobOrStreamKey());

export interface KeyPair {
  publicKey: Uint8Array;
  secretKey: Uint8Array;
}

export interface KeyPairB64 {
  publicKeyB64: string;
  secretKeyB64: string;
}

/** An X25519 key pair for sealed boxes (`crypto_box_keypair`). */
export const generateKeyPair = async (): Promise<KeyPair> => {
  const { publicKey, privateKey } = (await loadSodium()).crypto_box_keypair();
  return { publicKey, secretKey: privateKey };
};

export const generateKeyPairB64 = async (): Promise<KeyPairB64> => {
  const { publicKey, secretKey } = await generateKeyPair();
  return { publicKeyB64: toB64(publicKey), secretKeyB64: toB64(secretKey) };
};

/** `lengthBytes` random bytes from libsodium's CSPRNG. */
export const randomBytes = async (lengthBytes: number): Promise<Uint8Array> =>
  (await loadSodium()).randombytes_buf(lengthBytes);
