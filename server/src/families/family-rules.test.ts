import { describe, expect, it } from "vitest";
import { microsecondsPerDay } from "../time";
import { quotaVerdict, storageOverflowBytes } from "../library/quota";
import { hasFreeSeat, maxFamilyAccounts, storageCapVerdict } from "./family-rules";

const nowUs = 1_750_000_000_000_000;
const plan = { storageBytes: 1000, expiryTimeUs: nowUs + microsecondsPerDay, paymentProvider: "" };

describe("a family member's cap in the upload quota", () => {
  it.each<[string, Parameters<typeof quotaVerdict>[0], ReturnType<typeof quotaVerdict>]>([
    ["no cap, family has room", { subscription: plan, usageBytes: 900, nowUs }, "allowed"],
    [
      "family over the plan though the member is under their cap",
      {
        subscription: plan,
        usageBytes: 1001,
        memberCap: { storageLimitBytes: 500, usageBytes: 10 },
        nowUs,
      },
      "storageLimitExceeded",
    ],
    [
      "member at their cap, size unknown",
      {
        subscription: plan,
        usageBytes: 600,
        memberCap: { storageLimitBytes: 300, usageBytes: 300 },
        nowUs,
      },
      "allowed",
    ],
    [
      "member over their cap, size unknown",
      {
        subscription: plan,
        usageBytes: 600,
        memberCap: { storageLimitBytes: 300, usageBytes: 301 },
        nowUs,
      },
      "storageLimitExceeded",
    ],
    [
      "an upload within the slack above the cap",
      {
        subscription: { ...plan, storageBytes: 10 * storageOverflowBytes },
        usageBytes: 300,
        memberCap: { storageLimitBytes: 300, usageBytes: 300 },
        uploadBytes: storageOverflowBytes,
        nowUs,
      },
      "allowed",
    ],
    [
      "an upload past the slack above the cap",
      {
        subscription: { ...plan, storageBytes: 10 * storageOverflowBytes },
        usageBytes: 300,
        memberCap: { storageLimitBytes: 300, usageBytes: 300 },
        uploadBytes: storageOverflowBytes + 1,
        nowUs,
      },
      "storageLimitExceeded",
    ],
  ])("%s", (_, facts, verdict) => {
    expect(quotaVerdict(facts)).toBe(verdict);
  });
});

describe("storageCapVerdict", () => {
  it.each<[number | null, number, ReturnType<typeof storageCapVerdict>]>([
    [null, 5000, "allowed"],
    [1000, 0, "allowed"],
    [1000, 1000, "allowed"],
    [999, 1000, "belowMemberUsage"],
    [1001, 0, "aboveFamilyStorage"],
  ])("a cap of %s with usage %s: %s", (capBytes, memberUsageBytes, verdict) => {
    expect(storageCapVerdict({ capBytes, familyStorageBytes: 1000, memberUsageBytes })).toBe(
      verdict,
    );
  });
});

describe("family seats", () => {
  it("has a seat until the admin and five others are listed", () => {
    expect(maxFamilyAccounts).toBe(6);
    expect([1, 5, 6, 7].map(hasFreeSeat)).toEqual([true, true, false, false]);
  });
});
