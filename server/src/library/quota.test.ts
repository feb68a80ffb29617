import { describe, expect, it } from "vitest";
import { microsecondsPerDay } from "../time";
import { ensureFileObjectSize, quotaVerdict, storageOverflowBytes, type QuotaFacts } from "./quota";

const GiB = 1024 ** 3;
const nowUs = 1_750_000_000_000_000;
const plan = (
  storageBytes: number,
  expiryTimeUs = nowUs + 365 * microsecondsPerDay,
  paymentProvider = "",
) => ({
  storageBytes,
  expiryTimeUs,
  paymentProvider,
});

describe("quotaVerdict", () => {
  it.each<[string, Omit<QuotaFacts, "nowUs">, ReturnType<typeof quotaVerdict>]>([
    ["no subscription", { subscription: undefined, usageBytes: 0 }, "noActiveSubscription"],
    ["room left, size unknown", { subscription: plan(10 * GiB), usageBytes: GiB }, "allowed"],
    [
      "usage exactly the plan, size unknown",
      { subscription: plan(GiB), usageBytes: GiB },
      "allowed",
    ],
    [
      "usage over the plan, size unknown",
      { subscription: plan(GiB), usageBytes: GiB + 1 },
      "storageLimitExceeded",
    ],
    [
      "an upload that fits",
      { subscription: plan(GiB), usageBytes: 0, uploadBytes: GiB },
      "allowed",
    ],
    [
      "an upload within the 50 MiB slack",
      { subscription: plan(GiB), usageBytes: GiB, uploadBytes: storageOverflowBytes },
      "allowed",
    ],
    [
      "an upload one byte past the slack",
      { subscription: plan(GiB), usageBytes: GiB, uploadBytes: storageOverflowBytes + 1 },
      "storageLimitExceeded",
    ],
    [
      "an update that shrinks a file while over the plan",
      {
        subscription: plan(GiB),
        usageBytes: GiB + 2 * storageOverflowBytes,
        uploadBytes: -storageOverflowBytes,
      },
      "allowed",
    ],
    [
      "expired 4 days ago (within the 5-day grace)",
      { subscription: plan(GiB, nowUs - 4 * microsecondsPerDay), usageBytes: 0 },
      "allowed",
    ],
    [
      "expired 6 days ago",
      { subscription: plan(GiB, nowUs - 6 * microsecondsPerDay), usageBytes: 0, uploadBytes: 1 },
      "noActiveSubscription",
    ],
    [
      "Stripe, expired 13 days ago (within the 14-day grace)",
      { subscription: plan(GiB, nowUs - 13 * microsecondsPerDay, "stripe"), usageBytes: 0 },
      "allowed",
    ],
    [
      "Stripe, expired 15 days ago",
      { subscription: plan(GiB, nowUs - 15 * microsecondsPerDay, "stripe"), usageBytes: 0 },
      "noActiveSubscription",
    ],
    [
      "expired and over the plan: the subscription speaks first",
      { subscription: plan(GiB, nowUs - 30 * microsecondsPerDay), usageBytes: 2 * GiB },
      "noActiveSubscription",
    ],
  ])("%s", (_, facts, verdict) => {
    expect(quotaVerdict({ ...facts, nowUs })).toBe(verdict);
  });
});

describe("ensureFileObjectSize", () => {
  it("accepts 10 GiB and refuses a byte more with 413", () => {
    expect(() => {
      ensureFileObjectSize(10 * GiB);
    }).not.toThrow();
    expect(() => {
      ensureFileObjectSize(10 * GiB + 1);
    }).toThrow(expect.objectContaining({ status: 413, code: "FILE_TOO_LARGE" }));
  });
});
