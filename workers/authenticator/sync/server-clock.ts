// How far the server's clock is from this device's, from the server's answers.

import type { FetchFunction } from "../../../shared/api/client";

// [Note: The server's clock is read from its answers]
//
// The edit merge compares edits made here (device clock) with the server's
// `updatedAt` (server clock), so it needs the offset between the two
// clocks: see [Note: Edits from two devices merge by entity]. Each answer
// bounds it. A created entity's `updatedAt` (µs) was stamped between the
// moment the request left and the moment its answer came back, so the
// offset lies in [updatedAt − received, updatedAt − sent]. The `Date`
// header does the same with its whole second: the server's time was in
// [date, date + 1 s) at some moment of the exchange, so the offset lies in
// [date − received, date + 1 s − sent]. The estimate is the middle of the
// intersection of every bound seen: many answers, arriving at different
// fractions of a second, narrow it well below the header's second. A bound
// that misses the intersection means one clock jumped (the device's was
// set): the old bounds are dropped and the new one starts over.

/** One answer's reading of the server's clock. */
export interface ServerClockReading {
  /** The server's time in the answer (ms, server clock). */
  serverTimeMs: number;
  /** How coarse that time is: 1000 for the `Date` header, 0 for a µs stamp. */
  resolutionMs: number;
  /** Device clock (ms) when the request was sent and when its answer arrived. */
  sentAtMs: number;
  receivedAtMs: number;
}

export interface ServerClock {
  observe(reading: ServerClockReading): void;
  /** Server clock minus device clock (ms); 0 until an answer was read. */
  offsetMs(): number;
}

export const createServerClock = (): ServerClock => {
  let bounds: { lowMs: number; highMs: number } | undefined;
  return {
    observe({ serverTimeMs, resolutionMs, sentAtMs, receivedAtMs }) {
      if (![serverTimeMs, sentAtMs, receivedAtMs].every(Number.isFinite)) return;
      if (receivedAtMs < sentAtMs) return;
      const lowMs = serverTimeMs - receivedAtMs;
      const highMs = serverTimeMs + resolutionMs - sentAtMs;
      const lowest = Math.max(lowMs, bounds?.lowMs ?? -Infinity);
      const highest = Math.min(highMs, bounds?.highMs ?? Infinity);
      bounds = lowest <= highest ? { lowMs: lowest, highMs: highest } : { lowMs, highMs };
    },
    offsetMs: () => (bounds === undefined ? 0 : (bounds.lowMs + bounds.highMs) / 2),
  };
};

/**
 * `fetch` that reads the server's clock from each answer's `Date` header
 * (exposed to the apps' origins by the API's CORS answers).
 */
export const fetchReadingServerClock =
  (fetchFunction: FetchFunction, clock: ServerClock, nowMs: () => number): FetchFunction =>
  async (url, init) => {
    const sentAtMs = nowMs();
    const response = await fetchFunction(url, init);
    const date = response.headers.get("Date");
    if (date !== null) {
      clock.observe({
        serverTimeMs: Date.parse(date),
        resolutionMs: 1000,
        sentAtMs,
        receivedAtMs: nowMs(),
      });
    }
    return response;
  };
