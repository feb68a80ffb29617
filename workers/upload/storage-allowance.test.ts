import { describe, expect, it } from "vitest";
import { createStorageAllowance, unknownStorage } from "./storage-allowance";

describe("createStorageAllowance", () => {
  it("lets claims through until the storage is used up, then refuses without claiming", () => {
    const storage = createStorageAllowance(100);
    expect(storage.claim(60)).toBe(true);
    expect(storage.claim(50)).toBe(false);
    expect(storage.leftBytes()).toBe(40);
    expect(storage.claim(40)).toBe(true);
    expect(storage.leftBytes()).toBe(0);
  });

  it("takes a released claim back", () => {
    const storage = createStorageAllowance(100);
    storage.claim(80);
    storage.release(80);
    expect(storage.claim(100)).toBe(true);
  });

  it("refuses nothing when the storage is unknown", () => {
    const storage = unknownStorage();
    expect(storage.claim(Number.MAX_SAFE_INTEGER)).toBe(true);
    expect(storage.leftBytes()).toBeUndefined();
  });
});
