// The recovery key: 32 random bytes shown to the user as a 24-word BIP39
// English mnemonic. On input we accept that mnemonic (any case, any spacing)
// or the key as 64 hexadecimal digits.

import { entropyToMnemonic, mnemonicToEntropy } from "@scure/bip39";
import { wordlist as englishWords } from "@scure/bip39/wordlists/english.js";
import { InvalidRecoveryKeyError } from "./errors";
import { fromHex } from "./hex";
import { KEY_BYTES } from "./sizes";

const RECOVERY_KEY_WORDS = 24;
const HEX_RECOVERY_KEY = /^[0-9a-f]{64}$/i;

/** The 24-word mnemonic of a 32-byte recovery key. */
export const recoveryKeyToMnemonic = (recoveryKey: Uint8Array): string => {
  if (recoveryKey.length !== KEY_BYTES) {
    throw new InvalidRecoveryKeyError(
      `A recovery key is ${KEY_BYTES} bytes, not ${recoveryKey.length}`,
    );
  }
  return entropyToMnemonic(recoveryKey, englishWords);
};

/**
 * The recovery key a user typed: a 24-word mnemonic (case and extra
 * whitespace ignored, checksum verified) or 64 hex digits. Anything else
 * throws `InvalidRecoveryKeyError`.
 */
export const recoveryKeyFromMnemonicOrHex = (input: string): Uint8Array => {
  const trimmed = input.trim();
  if (HEX_RECOVERY_KEY.test(trimmed)) return fromHex(trimmed);
  const words = trimmed.toLowerCase().split(/\s+/u);
  if (words.length !== RECOVERY_KEY_WORDS) {
    throw new InvalidRecoveryKeyError(
      `A recovery key is ${RECOVERY_KEY_WORDS} words or 64 hex digits; got ${words.length} words`,
    );
  }
  try {
    return mnemonicToEntropy(words.join(" "), englishWords);
  } catch (e) {
    throw new InvalidRecoveryKeyError("Not a valid recovery key (unknown word or bad checksum)", {
      cause: e,
    });
  }
};
