import { describe, expect, it } from "vitest";
import { routeSlot } from "./route-slot";

describe("the onOpenURL slot", () => {
  it("hands routes to the callback that is set", () => {
    const slot = routeSlot();
    const seen: string[] = [];
    slot.set((route) => seen.push(route));
    slot.receive("/gallery");
    slot.receive("/shared-albums");
    expect(seen).toEqual(["/gallery", "/shared-albums"]);
  });

  it("keeps the latest route that arrives before a callback, and hands it over once", () => {
    const slot = routeSlot();
    slot.receive("/gallery?collection=1");
    slot.receive("/gallery?collection=2");
    const seen: string[] = [];
    slot.set((route) => seen.push(route));
    expect(seen).toEqual(["/gallery?collection=2"]);
    const later: string[] = [];
    slot.set((route) => later.push(route));
    expect(later).toEqual([]);
  });

  it("has one callback: setting another replaces it, undefined removes it", () => {
    const slot = routeSlot();
    const first: string[] = [];
    const second: string[] = [];
    slot.set((route) => first.push(route));
    slot.set((route) => second.push(route));
    slot.receive("/a");
    slot.set(undefined);
    slot.receive("/b");
    expect(first).toEqual([]);
    expect(second).toEqual(["/a"]);
    // The route that came while the slot was empty waits for the next callback.
    const third: string[] = [];
    slot.set((route) => third.push(route));
    expect(third).toEqual(["/b"]);
  });
});
