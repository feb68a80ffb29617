import { describe, expect, it } from "vitest";
import {
  familyRowActions,
  familyViewOf,
  storageLimitBytesOf,
  type FamilyListing,
  type FamilyMemberRow,
} from "./family-view";

const gib = 1024 ** 3;

const row = (email: string, status: string, usageBytes = 0): FamilyMemberRow => ({
  id: `id-${email}`,
  email,
  status,
  usageBytes,
  storageLimitBytes: null,
  isAdmin: status === "SELF",
});

const family: FamilyListing = {
  storageBytes: 100 * gib,
  members: [
    row("fay@example.org", "SELF", 3 * gib),
    row("gus@example.org", "ACCEPTED", 2 * gib),
    row("hal@example.org", "INVITED"),
  ],
};

describe("familyViewOf", () => {
  it("offers to create a family to someone in none", () => {
    expect(familyViewOf(undefined, "fay@example.org")).toEqual({ kind: "no-family" });
  });

  it("shows the admin every row, the family's usage and a free seat", () => {
    const view = familyViewOf(family, "Fay@Example.org");
    expect(view).toMatchObject({
      kind: "admin",
      roleKnown: true,
      usedBytes: 5 * gib,
      storageBytes: 100 * gib,
      canInvite: true,
    });
    if (view.kind !== "admin") throw new Error("admin view expected");
    expect(view.admin?.email).toBe("fay@example.org");
    expect(view.others.map((m) => m.email)).toEqual(["gus@example.org", "hal@example.org"]);
  });

  it("shows a member who the admin is and the shared storage, not the controls", () => {
    expect(familyViewOf(family, "gus@example.org")).toEqual({
      kind: "member",
      adminEmail: "fay@example.org",
      storageBytes: 100 * gib,
      usedBytes: 5 * gib,
    });
  });

  it("lets the server decide when no session tells who is looking", () => {
    expect(familyViewOf(family, undefined)).toMatchObject({ kind: "admin", roleKnown: false });
  });

  it("has no seat left at six accounts, pending invites included", () => {
    const full = {
      ...family,
      members: [...family.members, ...["a", "b", "c"].map((n) => row(`${n}@x.org`, "INVITED"))],
    };
    expect(familyViewOf(full, "fay@example.org")).toMatchObject({ canInvite: false });
  });
});

describe("familyRowActions", () => {
  it.each([
    ["SELF", []],
    ["ACCEPTED", ["change-limit", "remove"]],
    ["INVITED", ["revoke"]],
    ["REMOVED", []],
  ])("%s: %j", (status, actions) => {
    expect(familyRowActions({ status, isAdmin: status === "SELF" })).toEqual(actions);
  });
});

describe("storageLimitBytesOf", () => {
  it.each<[string, number | null | "invalid"]>([
    ["", null],
    ["  ", null],
    ["5", 5 * gib],
    ["1.5", 1.5 * gib],
    ["1,5", 1.5 * gib],
    ["-1", "invalid"],
    ["ten", "invalid"],
  ])("%j → %j", (text, bytes) => {
    expect(storageLimitBytesOf(text)).toBe(bytes);
  });
});
