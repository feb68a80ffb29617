import sodium from "libsodium-wrappers-sumo";
import { beforeAll, describe, expect, it } from "vitest";
import { InvalidLengthError } from "./errors";
import * as sizes from "./sizes";

beforeAll(async () => {
  await sodium.ready;
});

describe("sizes", () => {
  it("are libsodium's constants", () => {
    expect(sizes.KEY_BYTES).toBe(sodium.crypto_secretbox_KEYBYTES);
    expect(sizes.KEY_BYTES).toBe(sodium.crypto_secretstream_xchacha20poly1305_KEYBYTES);
    expect(sizes.KEY_BYTES).toBe(sodium.crypto_kdf_KEYBYTES);
    expect(sizes.BOX_NONCE_BYTES).toBe(sodium.crypto_secretbox_NONCEBYTES);
    expect(sizes.BOX_MAC_BYTES).toBe(sodium.crypto_secretbox_MACBYTES);
    expect(sizes.STREAM_HEADER_BYTES).toBe(
      sodium.crypto_secretstream_xchacha20poly1305_HEADERBYTES,
    );
    expect(sizes.STREAM_ABYTES).toBe(sodium.crypto_secretstream_xchacha20poly1305_ABYTES);
    expect(sizes.BOX_PUBLIC_KEY_BYTES).toBe(sodium.crypto_box_PUBLICKEYBYTES);
    expect(sizes.BOX_SECRET_KEY_BYTES).toBe(sodium.crypto_box_SECRETKEYBYTES);
    expect(sizes.SEAL_BYTES).toBe(sodium.crypto_box_SEALBYTES);
    expect(sizes.PWHASH_SALT_BYTES).toBe(sodium.crypto_pwhash_SALTBYTES);
    expect(sizes.KDF_CONTEXT_BYTES).toBe(sodium.crypto_kdf_CONTEXTBYTES);
    expect(sizes.HASH_BYTES).toBe(sodium.crypto_generichash_BYTES_MAX);
  });

  it("ensureLength names the value and both sizes", () => {
    expect(() => {
      sizes.ensureLength(new Uint8Array(31), 32, "Box key");
    }).toThrow(new InvalidLengthError("Box key must be 32 bytes, not 31"));
    expect(() => {
      sizes.ensureLength(new Uint8Array(32), 32, "Box key");
    }).not.toThrow();
  });
});
