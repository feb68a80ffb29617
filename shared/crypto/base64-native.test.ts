// The codec with the engine's own base64 (Chromium has it, Node 20 does not):
// a stand-in with the proposal's strict semantics is installed before the
// module loads, and the whole suite runs again. Malformed texts must still
// fail as the TypeScript codec says, and valid ones must take the native path.
// See: [Note: The engine's own base64 where it has one]

import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";

type Alphabet = "base64" | "base64url";

const engine = vi.hoisted(() => {
  const calls = { fromBase64: 0, toBase64: 0 };
  const padded = (text: string) => text + "=".repeat((4 - (text.length % 4)) % 4);
  const encodeAs = (bytes: Uint8Array, alphabet: Alphabet) =>
    padded(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString(alphabet));
  // The proposal's `lastChunkHandling: "strict"`: ASCII whitespace is
  // skipped anywhere, and what is left decodes only if it is the canonical
  // encoding of some bytes.
  const fromBase64 = (
    text: string,
    options: { alphabet: Alphabet; lastChunkHandling: string },
  ): Uint8Array => {
    calls.fromBase64 += 1;
    if (options.lastChunkHandling !== "strict") throw new Error("the codec must ask for strict");
    const letters = text.replace(/[\t\n\f\r ]/g, "");
    const bytes = new Uint8Array(Buffer.from(letters, options.alphabet));
    if (encodeAs(bytes, options.alphabet) !== letters) throw new SyntaxError("not canonical");
    return bytes;
  };
  function toBase64(this: Uint8Array, options: { alphabet: Alphabet; omitPadding: boolean }) {
    calls.toBase64 += 1;
    const text = encodeAs(this, options.alphabet);
    return options.omitPadding ? text.replace(/=+$/, "") : text;
  }
  Object.assign(Uint8Array, { fromBase64 });
  Object.assign(Uint8Array.prototype, { toBase64 });
  return { calls };
});

import * as base64 from "./base64";
import { InvalidBase64Error } from "./errors";
import { describeBase64Codec } from "./test-support/base64-suite";

afterAll(() => {
  delete (Uint8Array as { fromBase64?: unknown }).fromBase64;
  delete (Uint8Array.prototype as { toBase64?: unknown }).toBase64;
});

describeBase64Codec("base64 encodings with the engine's own base64", base64);

describe("the engine's own base64", () => {
  beforeEach(() => {
    engine.calls.fromBase64 = 0;
    engine.calls.toBase64 = 0;
  });

  it("decodes and encodes the padded variants", () => {
    const bytes = Uint8Array.from([0xfb, 0xff, 0xbf, 1]);
    expect(base64.fromB64(base64.toB64(bytes))).toEqual(bytes);
    expect(base64.fromB64URLSafe(base64.toB64URLSafe(bytes))).toEqual(bytes);
    expect(engine.calls).toEqual({ fromBase64: 2, toBase64: 2 });
  });

  it("refuses a text with whitespace, which the engine alone would skip", () => {
    // Whole groups of 4 characters, so the engine is asked and decodes them.
    const spaced = ["Zm9vYmFy    ", "Zm9v\r\n\t Yg==", "Zg==    ", "Zm9v    YmFy"];
    for (const text of spaced) {
      expect(() => base64.fromB64(text), JSON.stringify(text)).toThrow(InvalidBase64Error);
    }
    expect(engine.calls.fromBase64).toBe(spaced.length);
  });

  it("refuses a character out of the alphabet", () => {
    for (const text of ["-_-_", "Zm9é", "Zm9v=Yg="]) {
      expect(() => base64.fromB64(text), text).toThrow(InvalidBase64Error);
    }
  });

  it("leaves the unpadded variant to the TypeScript codec", () => {
    expect(base64.toB64URLSafeNoPadding(Uint8Array.from([1, 2]))).toBe("AQI");
    expect(base64.fromB64URLSafeNoPadding("AQI")).toEqual(Uint8Array.from([1, 2]));
    expect(engine.calls).toEqual({ fromBase64: 0, toBase64: 0 });
  });
});
