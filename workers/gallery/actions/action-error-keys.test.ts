import { describe, expect, it } from "vitest";
import { actionErrorKey } from "./action-error-keys";

describe("actionErrorKey", () => {
  it.each([
    ["not-file-owner", "notFileOwner"],
    ["session-expired", "sessionExpired"],
    ["network", "networkError"],
    ["not-found", "notFound"],
    ["storage-quota-exceeded", "storageQuotaExceeded"],
    ["invalid-collection-operation", "invalidCollectionOperation"],
    ["stale", "unknownError"],
    ["unknown", "unknownError"],
  ] as const)("%s → %s", (code, key) => {
    expect(actionErrorKey(code)).toBe(key);
  });
});
