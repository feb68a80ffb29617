import { describe, expect, it } from "vitest";
import { storageShownOf } from "./storage-shown";

const gib = 1024 ** 3;

describe("storageShownOf", () => {
  it("shows the user's own plan outside a family", () => {
    expect(storageShownOf({ usageBytes: 3 * gib, storageBytes: 10 * gib })).toEqual({
      scope: "own",
      usedBytes: 3 * gib,
      totalBytes: 10 * gib,
      ownUsageBytes: 3 * gib,
    });
  });

  it("shows the family's shared storage, used by every member, to a member", () => {
    const shown = storageShownOf({
      usageBytes: 2 * gib,
      // The member's own free plan is not what they fill.
      storageBytes: 1 * gib,
      familyData: {
        storageBytes: 100 * gib,
        members: [
          { id: "a", email: "admin@example.org", usageBytes: 5 * gib, isAdmin: true },
          { id: "b", email: "member@example.org", usageBytes: 2 * gib, isAdmin: false },
        ],
      },
    });
    expect(shown).toEqual({
      scope: "family",
      usedBytes: 7 * gib,
      totalBytes: 100 * gib,
      ownUsageBytes: 2 * gib,
    });
  });
});
