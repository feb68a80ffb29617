import { describe, expect, it } from "vitest";
import { createServerClock, fetchReadingServerClock } from "./server-clock";

// See: [Note: The server's clock is read from its answers]

/** A `Date` header's reading: the server's time truncated to its second. */
const dateReading = (serverNowMs: number, sentAtMs: number, receivedAtMs: number) => ({
  serverTimeMs: Math.floor(serverNowMs / 1000) * 1000,
  resolutionMs: 1000,
  sentAtMs,
  receivedAtMs,
});

describe("the server clock", () => {
  it("is 0 until an answer was read", () => {
    expect(createServerClock().offsetMs()).toBe(0);
  });

  it("narrows a server 7.3 s ahead to within 50 ms from Date headers at different fractions of a second", () => {
    const clock = createServerClock();
    const trueOffsetMs = 7300;
    // Twenty exchanges of 40 ms, each answered halfway, 1,130 ms apart.
    for (let n = 0; n < 20; n++) {
      const sentAtMs = 1_700_000_000_000 + n * 1130;
      clock.observe(dateReading(sentAtMs + 20 + trueOffsetMs, sentAtMs, sentAtMs + 40));
    }
    expect(Math.abs(clock.offsetMs() - trueOffsetMs)).toBeLessThan(50);
  });

  it("takes a µs stamp as it is: within half the round trip", () => {
    const clock = createServerClock();
    clock.observe({
      serverTimeMs: 1_000_000 - 2500,
      resolutionMs: 0,
      sentAtMs: 1_000_000,
      receivedAtMs: 1_000_010,
    });
    expect(clock.offsetMs()).toBeCloseTo(-2505, 5);
  });

  it("starts over when the device's clock jumps", () => {
    const clock = createServerClock();
    clock.observe({ serverTimeMs: 5000, resolutionMs: 0, sentAtMs: 5000, receivedAtMs: 5010 });
    expect(Math.abs(clock.offsetMs())).toBeLessThan(10);
    // The device is set an hour back: the server now reads an hour ahead.
    clock.observe({ serverTimeMs: 3_606_000, resolutionMs: 0, sentAtMs: 6000, receivedAtMs: 6010 });
    expect(clock.offsetMs()).toBeCloseTo(3_599_995, 5);
  });

  it("ignores an answer without a readable date", () => {
    const clock = createServerClock();
    clock.observe({ serverTimeMs: Number.NaN, resolutionMs: 1000, sentAtMs: 0, receivedAtMs: 1 });
    expect(clock.offsetMs()).toBe(0);
  });
});

describe("fetch reading the server clock", () => {
  it("reads each answer's Date header", async () => {
    const clock = createServerClock();
    let nowMs = Date.parse("2026-12-02T10:00:00.000Z");
    const fetchWithDate = fetchReadingServerClock(
      () => {
        nowMs += 100;
        return Promise.resolve(
          new Response("{}", { headers: { Date: "Wed, 02 Dec 2026 10:01:00 GMT" } }),
        );
      },
      clock,
      () => nowMs,
    );
    const response = await fetchWithDate("https://api.example/x", {});
    expect(await response.json()).toEqual({});
    // The server said 10:01:00–10:01:01 while the device went from 10:00:00.0 to 10:00:00.1.
    expect(clock.offsetMs()).toBe(60_450);
  });
});
