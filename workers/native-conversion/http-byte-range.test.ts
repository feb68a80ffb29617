import { describe, expect, it } from "vitest";
import { byteRangeAnswer, type ByteRangeAnswer } from "./http-byte-range";

const sizeBytes = 1000;

describe("byteRangeAnswer", () => {
  it.each<[string | undefined, ByteRangeAnswer]>([
    [undefined, { status: 200 }],
    ["", { status: 200 }],
    ["bytes=0-", { status: 206, startByte: 0, endByteInclusive: 999 }],
    ["bytes=100-199", { status: 206, startByte: 100, endByteInclusive: 199 }],
    ["bytes=900-5000", { status: 206, startByte: 900, endByteInclusive: 999 }],
    ["bytes=-100", { status: 206, startByte: 900, endByteInclusive: 999 }],
    ["bytes=-5000", { status: 206, startByte: 0, endByteInclusive: 999 }],
    ["bytes=1000-", { status: 416 }],
    ["bytes=-0", { status: 416 }],
    ["bytes=200-100", { status: 200 }],
    ["bytes=0-1,5-9", { status: 200 }],
    ["items=0-9", { status: 200 }],
  ])("Range %j over 1000 bytes → %j", (header, answer) => {
    expect(byteRangeAnswer(header, sizeBytes)).toEqual(answer);
  });
});
