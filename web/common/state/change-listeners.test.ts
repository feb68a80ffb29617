import { describe, expect, it } from "vitest";
import { ChangeListeners, RevisionedStore } from "./change-listeners";

class Counter extends RevisionedStore {
  bump() {
    this.changed();
  }
}

describe("ChangeListeners", () => {
  it("tells every listener once per change until it unsubscribes", () => {
    const listeners = new ChangeListeners();
    const heard: string[] = [];
    const stopA = listeners.subscribe(() => heard.push("a"));
    listeners.subscribe(() => heard.push("b"));
    listeners.notify();
    stopA();
    listeners.notify();
    expect(heard).toEqual(["a", "b", "b"]);
  });

  it("still tells a listener that another one unsubscribes during the same change", () => {
    const listeners = new ChangeListeners();
    const heard: string[] = [];
    let stopB: () => void = () => undefined;
    listeners.subscribe(() => {
      heard.push("a");
      stopB();
    });
    stopB = listeners.subscribe(() => heard.push("b"));
    listeners.notify();
    listeners.notify();
    expect(heard).toEqual(["a", "b", "a"]);
  });
});

describe("RevisionedStore", () => {
  it("answers a new revision after each change, and the same one in between", () => {
    const store = new Counter();
    const { subscribe, getRevision } = store;
    let heard = 0;
    subscribe(() => (heard += 1));
    const first = getRevision();
    expect(getRevision()).toBe(first);
    store.bump();
    expect(getRevision()).not.toBe(first);
    expect(heard).toBe(1);
  });
});
