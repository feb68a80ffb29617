// Sealing and opening authenticator entities: each plaintext one Blob under
// the authenticator key, which is fetched (or made, for the first code) on
// first need and kept in this worker's memory only.

import type { ApiClient } from "../../shared/api/client";
import { fromB64, toB64 } from "../../shared/crypto/base64";
import { decryptBlob, encryptBlob } from "../../shared/crypto/blob";
import { bytesToUTF8, utf8ToBytes } from "../../shared/crypto/utf8";
import type { LibraryKeyring } from "../library/keyring";
import { authenticatorKey } from "./authenticator-key";
import type { EntityCipher } from "./sync/authenticator-remote";

export const authenticatorEntityCipher = (deps: {
  api: Pick<ApiClient, "call">;
  keyring: Pick<LibraryKeyring, "openAuthenticatorKey" | "wrapAuthenticatorKey">;
  generateKeyB64: () => Promise<string>;
}): EntityCipher => {
  let key: Uint8Array | undefined;
  /** The key, made when `create` and the account has none; undefined otherwise. */
  const keyFor = async (create: boolean): Promise<Uint8Array | undefined> => {
    if (key !== undefined) return key;
    const keyB64 = await authenticatorKey(deps, { create });
    if (keyB64 !== undefined) key = fromB64(keyB64);
    return key;
  };

  return {
    async seal(plaintexts) {
      const sealingKey = await keyFor(true);
      if (sealingKey === undefined) throw new Error("No authenticator key was made");
      return Promise.all(
        plaintexts.map(async (plaintext) => {
          const { encryptedData, decryptionHeader } = await encryptBlob(
            utf8ToBytes(plaintext),
            sealingKey,
          );
          return { encryptedData: toB64(encryptedData), header: toB64(decryptionHeader) };
        }),
      );
    },

    async open(sealed) {
      // Codes without a key on the server cannot be opened: none can have been sealed.
      const openingKey = sealed.length === 0 ? undefined : await keyFor(false);
      return Promise.all(
        sealed.map(async ({ encryptedData, header }) => {
          if (openingKey === undefined) return { ok: false as const };
          try {
            const plaintext = await decryptBlob(
              { encryptedData: fromB64(encryptedData), decryptionHeader: fromB64(header) },
              openingKey,
            );
            return { ok: true as const, plaintext: bytesToUTF8(plaintext) };
          } catch {
            return { ok: false as const };
          }
        }),
      );
    },
  };
};
