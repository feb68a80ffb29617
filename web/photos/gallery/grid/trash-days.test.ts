import { describe, expect, it } from "vitest";
import { trashDaysLeft } from "./trash-days";

const nowMs = Date.UTC(2026, 10, 28, 12);
const hourUs = 3600 * 1_000_000;

describe("trashDaysLeft", () => {
  it.each([
    ["just trashed (30 days)", 30 * 24 * hourUs, 30],
    ["30 hours", 30 * hourUs, 2],
    ["24 hours", 24 * hourUs, 1],
    ["an hour", hourUs, 1],
    ["due now", 0, 0],
    ["overdue (the purge has not run yet)", -5 * hourUs, 0],
  ])("%s: %i days", (_label, fromNowUs, days) => {
    expect(trashDaysLeft(nowMs * 1000 + fromNowUs, nowMs)).toBe(days);
  });
});
