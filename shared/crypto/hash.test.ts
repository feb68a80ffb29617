import { describe, expect, it } from "vitest";
import { fromB64 } from "./base64";
import { StreamClosedError } from "./errors";
import { hashBytesB64, hashChunksB64, initHash } from "./hash";
import { toHex } from "./hex";
import { randomTestBytes } from "./test-support/test-bytes";
import { utf8ToBytes } from "./utf8";

// RFC 7693, Appendix A: BLAKE2b-512("abc").
const ABC_BLAKE2B_512_HEX =
  "ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d1" +
  "7d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923";

describe("BLAKE2b-512 hashing", () => {
  it('matches RFC 7693 for "abc"', async () => {
    expect(toHex(fromB64(await hashBytesB64(utf8ToBytes("abc"))))).toBe(ABC_BLAKE2B_512_HEX);
  });

  it("gives the same hash incrementally, in any chunking, as in one go", async () => {
    const data = randomTestBytes(9 * 1024 * 1024 + 5);
    const whole = await hashBytesB64(data);
    const state = await initHash();
    for (let offset = 0; offset < data.length; offset += 4 * 1024 * 1024) {
      state.update(data.subarray(offset, offset + 4 * 1024 * 1024));
    }
    expect(state.finalizeB64()).toBe(whole);

    async function* oddPieces() {
      for (let offset = 0; offset < data.length; offset += 1_234_567) {
        await Promise.resolve();
        yield data.subarray(offset, offset + 1_234_567);
      }
    }
    expect(await hashChunksB64(oddPieces())).toBe(whole);
    expect(fromB64(whole)).toHaveLength(64);
  });

  it("hashes an empty source like empty bytes", async () => {
    expect(await hashChunksB64([])).toBe(await hashBytesB64(new Uint8Array(0)));
  });

  it("refuses to be used after it is finalized", async () => {
    const state = await initHash();
    state.update(utf8ToBytes("abc"));
    state.finalizeB64();
    expect(() => {
      state.update(utf8ToBytes("more"));
    }).toThrow(StreamClosedError);
    expect(() => state.finalizeB64()).toThrow(StreamClosedError);
  });
});
