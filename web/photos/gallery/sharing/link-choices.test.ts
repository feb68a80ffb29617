import { describe, expect, it } from "vitest";
import {
  deviceLimitChoiceOf,
  deviceLimitChoices,
  expiryChoices,
  linkExpired,
  validTillUsOf,
} from "./link-choices";

const at = (iso: string) => Date.parse(iso);
const us = (iso: string) => Date.parse(iso) * 1000;

describe("a link's choices", () => {
  it("offers the spec's device limits and expiries", () => {
    expect(deviceLimitChoices).toEqual([0, 2, 5, 10, 25, 50]);
    expect(expiryChoices).toEqual(["never", "hour", "day", "week", "month", "year"]);
  });

  it.each([
    ["never", "2026-11-22T10:00:00Z", 0],
    ["hour", "2026-11-22T10:00:00Z", us("2026-11-22T11:00:00Z")],
    ["day", "2026-11-22T10:00:00Z", us("2026-11-23T10:00:00Z")],
    ["week", "2026-11-22T10:00:00Z", us("2026-11-29T10:00:00Z")],
    ["month", "2026-11-22T10:00:00Z", us("2026-12-22T10:00:00Z")],
    ["month", "2027-01-31T10:00:00Z", us("2027-02-28T10:00:00Z")],
    ["year", "2028-02-29T10:00:00Z", us("2029-02-28T10:00:00Z")],
    ["year", "2026-11-22T10:00:00Z", us("2027-11-22T10:00:00Z")],
  ] as const)("%s from %s ends at the right time", (choice, now, expected) => {
    expect(validTillUsOf(choice, at(now))).toBe(expected);
  });

  it("says a link has expired only once its time has passed, and never for 0", () => {
    const now = at("2026-11-22T10:00:00Z");
    expect(linkExpired(0, now)).toBe(false);
    expect(linkExpired(us("2026-11-22T10:00:01Z"), now)).toBe(false);
    expect(linkExpired(us("2026-11-22T10:00:00Z"), now)).toBe(true);
  });

  it.each([
    [0, 0],
    [2, 2],
    [3, 5],
    [50, 50],
    [60, 50],
  ])("reads a device limit of %i as the choice %i", (limit, choice) => {
    expect(deviceLimitChoiceOf(limit)).toBe(choice);
  });
});
