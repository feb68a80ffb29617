import { describe, expect, it } from "vitest";
import { microsecondsPerDay, microsecondsPerMinute, microsecondsPerSecond } from "../../time";
import {
  castDeviceNameOf,
  castSessionState,
  isPairingCodeShaped,
  needsLastUseWrite,
  newPairingCode,
  type CastSessionState,
} from "./cast-rules";

const registeredUs = 1_700_000_000_000_000;

describe("castSessionState", () => {
  it.each<[string, number | null, number, number, CastSessionState]>([
    ["a code just registered", null, registeredUs, registeredUs, "waiting"],
    [
      "a code a second short of an hour",
      null,
      registeredUs,
      registeredUs + 60 * microsecondsPerMinute - microsecondsPerSecond,
      "waiting",
    ],
    [
      "a code an hour old",
      null,
      registeredUs,
      registeredUs + 60 * microsecondsPerMinute,
      "unpaired-expired",
    ],
    [
      "a session paired long ago but used today",
      7,
      registeredUs + 30 * microsecondsPerDay,
      registeredUs + 30 * microsecondsPerDay + microsecondsPerMinute,
      "paired",
    ],
    [
      "a session unused for six days",
      7,
      registeredUs,
      registeredUs + 6 * microsecondsPerDay,
      "paired",
    ],
    [
      "a session unused for a week",
      7,
      registeredUs,
      registeredUs + 7 * microsecondsPerDay,
      "idle-expired",
    ],
  ])("%s is %s", (_, collectionID, lastUsedAtUs, nowUs, expected) => {
    expect(
      castSessionState(
        { collection_id: collectionID, created_at_us: registeredUs, last_used_at_us: lastUsedAtUs },
        nowUs,
      ),
    ).toBe(expected);
  });
});

describe("needsLastUseWrite", () => {
  it.each([
    [0, false],
    [59 * microsecondsPerSecond, false],
    [60 * microsecondsPerSecond, true],
    [microsecondsPerDay, true],
  ])("%i µs after the last write: %s", (elapsedUs, expected) => {
    expect(needsLastUseWrite(registeredUs, registeredUs + elapsedUs)).toBe(expected);
  });
});

describe("pairing codes", () => {
  it("are six uppercase letters and digits, and differ", () => {
    const codes = Array.from({ length: 200 }, newPairingCode);
    for (const code of codes) expect(code).toMatch(/^[A-Z0-9]{6}$/);
    // Two billion codes: 200 draws all differ but for a one-in-100,000 chance.
    expect(new Set(codes).size).toBe(codes.length);
  });

  it.each([
    ["AB12CD", true],
    ["ab12cd", false],
    ["AB12C", false],
    ["AB12CDE", false],
    ["AB-2CD", false],
    ["", false],
  ])("%j has a code's shape: %s", (code, expected) => {
    expect(isPairingCodeShaped(code)).toBe(expected);
  });
});

describe("castDeviceNameOf", () => {
  it.each([
    [
      "a Chromecast",
      "Mozilla/5.0 (X11; Linux armv7l) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0.0.0 Safari/537.36 CrKey/1.56.500000 DeviceType/AndroidTV",
      "Chromecast",
    ],
    [
      "a TV browser",
      "Mozilla/5.0 (Linux; Android 12; BRAVIA 4K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36",
      "Chrome on Android",
    ],
    [
      "a browser on a computer",
      "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
      "Firefox on Linux",
    ],
    ["no user agent", undefined, "192.0.2.7"],
    ["a blank user agent", "  ", "192.0.2.7"],
  ])("names %s", (_, userAgent, expected) => {
    expect(castDeviceNameOf(userAgent, "192.0.2.7")).toBe(expected);
  });
});
