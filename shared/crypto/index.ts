// The crypto primitives of Cairn (formats: wire-contract.md, "Crypto formats").
// Environment-free: libsodium (WebAssembly), @scure/bip39 and fast-srp-hap only.

export * from "./errors";
export { loadSodium } from "./sodium";
export * from "./base64";
export * from "./hex";
export * from "./utf8";
export * from "./sizes";
export * from "./keys";
export {
  type EncryptedBox,
  type EncryptedBoxB64,
  encryptBox,
  decryptBox,
  encryptBoxB64,
  decryptBoxB64,
} from "./box";
export * from "./blob";
export * from "./stream";
export * from "./rechunk";
export * from "./stream-chunks";
export * from "./sealed-box";
export * from "./kek";
export * from "./kdf";
export * from "./hash";
export * from "./recovery-key";
export * from "./srp";
