import { describe, expect, it } from "vitest";
import type { AccountSummary } from "./admin-accounts";
import { accountAfterChange, accountsTable, humanBytes } from "./admin-format";

const us = (iso: string) => Date.parse(iso) * 1000;
const nowUs = us("2026-06-01T12:00:00Z");

const alice: AccountSummary = {
  userID: 1580559962386438,
  email: "alice@example.org",
  creationTimeUs: us("2026-01-02T03:04:05Z"),
  productID: "family-1tb",
  storageBytes: 1024 ** 4,
  usageBytes: 1536 * 1024 ** 2,
  expiryTimeUs: us("2027-01-02T00:00:00Z"),
};
const bob: AccountSummary = {
  ...alice,
  userID: 1580559962386439,
  email: "bob@example.org",
  productID: "free",
  storageBytes: 10 * 1024 ** 3,
  usageBytes: 0,
  expiryTimeUs: us("2026-05-01T00:00:00Z"),
};

describe("humanBytes", () => {
  it.each([
    [0, "0 B"],
    [1023, "1023 B"],
    [512 * 1024 ** 2, "512 MiB"],
    [1.5 * 1024 ** 3, "1.5 GiB"],
    [10 * 1024 ** 3, "10 GiB"],
    [1024 ** 4, "1 TiB"],
  ])("%d bytes is %s", (bytes, text) => {
    expect(humanBytes(bytes)).toBe(text);
  });
});

describe("accountsTable", () => {
  it("lists one account a line under aligned headers, marking expired plans", () => {
    expect(accountsTable([alice, bob], nowUs).split("\n")).toEqual([
      "id                email              created     plan        storage  usage    expiry",
      "1580559962386438  alice@example.org  2026-01-02  family-1tb  1 TiB    1.5 GiB  2027-01-02",
      "1580559962386439  bob@example.org    2026-01-02  free        10 GiB   0 B      2026-05-01 (expired)",
    ]);
  });

  it("says when there is no account", () => {
    expect(accountsTable([], nowUs)).toBe("No accounts.");
  });
});

describe("accountAfterChange", () => {
  it("shows the plan, exact storage and expiry, and warns of what refuses uploads", () => {
    expect(accountAfterChange(alice, nowUs)).toContain("storage  1 TiB (1099511627776 bytes)");
    expect(accountAfterChange(alice, nowUs)).toContain("expiry   2027-01-02 00:00 UTC");
    expect(accountAfterChange(bob, nowUs)).toContain("uploads are refused (402)");
    expect(accountAfterChange({ ...bob, usageBytes: 11 * 1024 ** 3 }, nowUs)).toContain(
      "uploads are refused (426)",
    );
  });
});
