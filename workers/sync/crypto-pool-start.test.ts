import { describe, expect, it } from "vitest";
import { growWhenLibraryLoaded } from "./crypto-pool-start";

/** A promise and its settling functions. */
const deferred = <T>() => {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((settle, fail) => {
    resolve = settle;
    reject = fail;
  });
  return { promise, resolve, reject };
};

/** Lets every settled promise's callbacks run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("when the sync worker's crypto pool grows", () => {
  it("waits for the stored library when a first screen is shown first", async () => {
    const firstScreen = deferred<unknown>();
    const loaded = deferred<unknown>();
    let grown = 0;
    growWhenLibraryLoaded({ firstScreen: firstScreen.promise, loaded: loaded.promise }, () => {
      grown++;
    });
    firstScreen.resolve({ viewID: 1 });
    await settle();
    expect(grown).toBe(0);
    loaded.resolve({});
    await settle();
    expect(grown).toBe(1);
  });

  it("grows at once without a first screen (a first login syncs with the whole pool)", async () => {
    const loaded = deferred<unknown>();
    let grown = 0;
    growWhenLibraryLoaded(
      { firstScreen: Promise.resolve(undefined), loaded: loaded.promise },
      () => {
        grown++;
      },
    );
    await settle();
    expect(grown).toBe(1);
  });

  it("still grows when the library's load fails, and only once", async () => {
    const loaded = deferred<unknown>();
    let grown = 0;
    growWhenLibraryLoaded({ firstScreen: Promise.resolve({}), loaded: loaded.promise }, () => {
      grown++;
    });
    loaded.reject(new Error("The local database could not be read"));
    await settle();
    expect(grown).toBe(1);
  });
});
