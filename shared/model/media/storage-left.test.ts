import { describe, expect, it } from "vitest";
import { type StorageFacts, storageLeftBytes } from "./storage-left";

const GiB = 1024 ** 3;
const own = (overrides: Partial<StorageFacts>): StorageFacts => ({
  email: "me@example.org",
  usage: 2 * GiB,
  storageBonus: 0,
  subscription: { storage: 10 * GiB },
  ...overrides,
});
const member = (email: string, usage: number, storageLimit?: number | null) => ({
  email,
  usage,
  storageLimit,
});

describe("storageLeftBytes", () => {
  it.each([
    ["the plan less the usage", own({}), 8 * GiB],
    ["the bonus counts", own({ storageBonus: GiB }), 9 * GiB],
    ["never below zero", own({ usage: 12 * GiB }), 0],
    [
      "a family without members is the plan",
      own({ familyData: { members: [], storage: 100 * GiB, adminBonus: 0 } }),
      8 * GiB,
    ],
    [
      "a family shares the admin's storage, less every member's usage",
      own({
        familyData: {
          members: [member("admin@example.org", 50 * GiB), member("me@example.org", 2 * GiB)],
          storage: 100 * GiB,
          adminBonus: 5 * GiB,
        },
      }),
      53 * GiB,
    ],
    [
      "a member's own limit caps it",
      own({
        familyData: {
          members: [
            member("admin@example.org", 1 * GiB),
            member("me@example.org", 2 * GiB, 3 * GiB),
          ],
          storage: 100 * GiB,
          adminBonus: 0,
        },
      }),
      1 * GiB,
    ],
    [
      "a null limit is no limit",
      own({
        familyData: {
          members: [member("me@example.org", 2 * GiB, null)],
          storage: 4 * GiB,
          adminBonus: 0,
        },
      }),
      2 * GiB,
    ],
    [
      "a full family leaves nothing",
      own({
        familyData: {
          members: [member("admin@example.org", 9 * GiB), member("me@example.org", 2 * GiB)],
          storage: 10 * GiB,
          adminBonus: 0,
        },
      }),
      0,
    ],
  ])("%s", (_, facts, expected) => {
    expect(storageLeftBytes(facts)).toBe(expected);
  });
});
