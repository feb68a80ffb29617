import { describe, expect, it } from "vitest";
import {
  CryptoError,
  DecryptionError,
  InsufficientMemoryError,
  TruncatedStreamError,
  cryptoErrorFromName,
  cryptoErrorNameOf,
  isCryptoErrorName,
  reviveCryptoError,
} from "./errors";

describe("crypto errors", () => {
  it("are CryptoErrors with a literal name", () => {
    const error = new DecryptionError("wrong key");
    expect(error).toBeInstanceOf(CryptoError);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("DecryptionError");
    expect(new CryptoError("x").name).toBe("CryptoError");
  });

  it("revive from the name and message that cross a worker boundary", () => {
    // What Comlink delivers for an error thrown in a worker: a plain Error with the name copied over.
    const arrived = Object.assign(new Error("Stream ended before its FINAL chunk"), {
      name: "TruncatedStreamError",
    });
    const revived = reviveCryptoError(arrived);
    expect(revived).toBeInstanceOf(TruncatedStreamError);
    expect((revived as Error).message).toBe("Stream ended before its FINAL chunk");
    expect(reviveCryptoError({ name: "InsufficientMemoryError" })).toBeInstanceOf(
      InsufficientMemoryError,
    );
  });

  it("leave other values alone", () => {
    const typeError = new TypeError("boom");
    expect(reviveCryptoError(typeError)).toBe(typeError);
    expect(reviveCryptoError({ name: "toString" })).toEqual({ name: "toString" });
    expect(reviveCryptoError("text")).toBe("text");
    expect(reviveCryptoError(null)).toBe(null);
    expect(isCryptoErrorName("constructor")).toBe(false);
  });

  it("name any thrown value for the wire", () => {
    expect(cryptoErrorNameOf(new DecryptionError())).toBe("DecryptionError");
    expect(cryptoErrorNameOf(new RangeError())).toBe("CryptoError");
    expect(cryptoErrorFromName("DecryptionError", "m")).toBeInstanceOf(DecryptionError);
  });
});
