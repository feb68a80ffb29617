import { describe, expect, it } from "vitest";
import { InvalidRecoveryKeyError } from "./errors";
import { toHex } from "./hex";
import { recoveryKeyFromMnemonicOrHex, recoveryKeyToMnemonic } from "./recovery-key";

const zeroKey = new Uint8Array(32);
const zeroMnemonic = `${"abandon ".repeat(23)}art`;
// BIP39 reference vector (trezor/python-mnemonic vectors.json) for 32 bytes of 0x7f.
const sevenFKey = new Uint8Array(32).fill(0x7f);
const sevenFMnemonic =
  "legal winner thank year wave sausage worth useful legal winner thank year " +
  "wave sausage worth useful legal winner thank year wave sausage worth title";

describe("recovery key", () => {
  it.each([
    ["all zero", zeroKey, zeroMnemonic],
    ["all 0x7f", sevenFKey, sevenFMnemonic],
  ])("%s ↔ its BIP39 mnemonic", (_label, key, mnemonic) => {
    expect(recoveryKeyToMnemonic(key)).toBe(mnemonic);
    expect(recoveryKeyFromMnemonicOrHex(mnemonic)).toEqual(key);
  });

  it("round-trips a random key", () => {
    const key = crypto.getRandomValues(new Uint8Array(32));
    expect(recoveryKeyFromMnemonicOrHex(recoveryKeyToMnemonic(key))).toEqual(key);
  });

  it.each([
    ["upper case", sevenFMnemonic.toUpperCase()],
    ["extra spaces, tabs and newlines", `  ${sevenFMnemonic.replaceAll(" ", " \t\n ")}  `],
    ["hex", toHex(sevenFKey)],
    ["upper-case hex with spaces around", `  ${toHex(sevenFKey).toUpperCase()} `],
  ])("accepts %s", (_label, input) => {
    expect(recoveryKeyFromMnemonicOrHex(input)).toEqual(sevenFKey);
  });

  it.each([
    ["empty input", ""],
    ["23 words", sevenFMnemonic.split(" ").slice(1).join(" ")],
    ["25 words", `${sevenFMnemonic} title`],
    [
      "12 valid words (a 16-byte mnemonic)",
      "legal winner thank year wave sausage worth useful legal winner thank yellow",
    ],
    ["a bad checksum", `${"abandon ".repeat(23)}abandon`],
    ["an unknown word", `${"abandon ".repeat(23)}cairn`],
    ["63 hex digits", toHex(sevenFKey).slice(1)],
    ["65 hex digits", `${toHex(sevenFKey)}0`],
  ])("rejects %s with InvalidRecoveryKeyError", (_label, input) => {
    expect(() => recoveryKeyFromMnemonicOrHex(input)).toThrow(InvalidRecoveryKeyError);
  });

  it("refuses to show a key that is not 32 bytes", () => {
    expect(() => recoveryKeyToMnemonic(new Uint8Array(16))).toThrow(InvalidRecoveryKeyError);
  });
});
