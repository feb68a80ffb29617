import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import { describe, expect, it } from "vitest";
import { indexedDBDeviceTokens, memoryDeviceTokens } from "./device-tokens";

describe.each([
  [
    "IndexedDB",
    () => {
      const factory = new IDBFactory();
      // Each call is a page load of the same browser: a new store over the same database.
      return () => indexedDBDeviceTokens(factory, IDBKeyRange);
    },
  ],
  [
    "memory",
    () => {
      const store = memoryDeviceTokens();
      return () => store;
    },
  ],
])("a link's kept values (%s)", (_, browser) => {
  it("keeps the device token, the password's JWT and the uploader's name apart, per link, across reloads", async () => {
    const load = browser();
    const first = load();
    await first.set("LINK-A", "device-a");
    await first.setPasswordToken("LINK-A", "jwt-a");
    await first.setUploaderName("LINK-A", "Aunt Maria");
    await first.set("LINK-B", "device-b");

    const reloaded = load();
    expect(await reloaded.get("LINK-A")).toBe("device-a");
    expect(await reloaded.getPasswordToken("LINK-A")).toBe("jwt-a");
    expect(await reloaded.getUploaderName("LINK-A")).toBe("Aunt Maria");
    expect(await reloaded.get("LINK-B")).toBe("device-b");
    expect(await reloaded.getPasswordToken("LINK-B")).toBeUndefined();

    // A refused JWT is forgotten; the other values stay.
    await reloaded.setPasswordToken("LINK-A", undefined);
    expect(await load().getPasswordToken("LINK-A")).toBeUndefined();
    expect(await load().get("LINK-A")).toBe("device-a");
    expect(await load().getUploaderName("LINK-A")).toBe("Aunt Maria");
  });
});

it("keeps nothing, and fails nothing, when IndexedDB refuses", async () => {
  const broken = {
    open: () => {
      throw new Error("IndexedDB is disabled in this window");
    },
  } as unknown as IDBFactory;
  const store = indexedDBDeviceTokens(broken, IDBKeyRange);
  await store.set("LINK-A", "device-a");
  await store.setUploaderName("LINK-A", "Ben");
  expect(await store.get("LINK-A")).toBeUndefined();
  expect(await store.getUploaderName("LINK-A")).toBeUndefined();
});
