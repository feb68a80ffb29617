import { describe, expect, it } from "vitest";
import { defaultRetryAfterSeconds, retryAfterSecondsOf, retryLaterAfter } from "./retry-after";

describe("Retry-After of a 429", () => {
  it("says the recorded wait in whole seconds, rounded up, and at least one", () => {
    expect(retryAfterSecondsOf(retryLaterAfter(new Error("limited"), 14_200))).toBe(15);
    expect(retryAfterSecondsOf(retryLaterAfter(new Error("limited"), 0))).toBe(1);
  });

  it("says the default when the refusal does not know when its limit lifts", () => {
    expect(retryAfterSecondsOf(new Error("limited"))).toBe(defaultRetryAfterSeconds);
  });
});
