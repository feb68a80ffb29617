import { describe, expect, it, vi } from "vitest";
import type { ThumbnailResult } from "../../../../workers/sync/gallery-contract";
import { maxCallsInFlight, maxThumbnailsPerCall, ThumbnailStore } from "./thumbnail-store";

/** A store over a client double whose calls answer when the test says so. */
function setup(maxEntries?: number) {
  const frames: (() => void)[] = [];
  const pending: { ids: number[]; resolve: (results: ThumbnailResult[]) => void }[] = [];
  const thumbnails = vi.fn(
    (ids: readonly number[]) =>
      new Promise<ThumbnailResult[]>((resolve) => {
        pending.push({ ids: [...ids], resolve });
      }),
  );
  let nextURL = 0;
  const revoked: string[] = [];
  const store = new ThumbnailStore(
    { thumbnails },
    {
      maxEntries,
      schedule: (callback) => frames.push(callback),
      createObjectURL: () => `blob:thumb-${String(++nextURL)}`,
      revokeObjectURL: (url) => revoked.push(url),
    },
  );
  const frame = () => {
    for (const callback of frames.splice(0)) callback();
  };
  const answer = async (call = 0, ok = true) => {
    const request = pending.splice(call, 1)[0];
    if (request === undefined) throw new Error("no pending call");
    request.resolve(
      request.ids.map((fileID) =>
        ok
          ? { fileID, ok: true, bytes: new Uint8Array([fileID & 0xff]) }
          : { fileID, ok: false, errorName: "NoThumbnail" },
      ),
    );
    await Promise.resolve();
    await Promise.resolve();
  };
  return { store, thumbnails, frame, answer, pending, revoked };
}

const noop = () => undefined;

describe("the thumbnail store", () => {
  it("asks for every thumbnail requested during a frame in one call", async () => {
    const { store, thumbnails, frame, answer } = setup();
    const listener = vi.fn();
    for (const id of [1, 2, 3]) store.subscribe(id, listener);
    const second = vi.fn();
    store.subscribe(2, second);
    expect(thumbnails).not.toHaveBeenCalled();
    frame();
    expect(thumbnails.mock.calls).toEqual([[[1, 2, 3]]]);
    await answer();
    expect(store.url(1)).toBe("blob:thumb-1");
    expect(store.url(3)).toBe("blob:thumb-3");
    expect(listener).toHaveBeenCalledTimes(3);
    expect(second).toHaveBeenCalledTimes(1);
  });

  it(`splits a frame's requests into calls of at most ${String(maxThumbnailsPerCall)}`, () => {
    const { store, thumbnails, frame } = setup();
    for (let id = 1; id <= 150; id++) store.subscribe(id, noop);
    frame();
    expect(thumbnails.mock.calls.map(([ids]) => ids.length)).toEqual([60, 60, 30]);
  });

  it(`keeps at most ${String(maxCallsInFlight)} calls in flight and sends the rest as they finish`, async () => {
    const { store, thumbnails, frame, answer } = setup();
    for (let id = 1; id <= 300; id++) store.subscribe(id, noop);
    frame();
    expect(thumbnails).toHaveBeenCalledTimes(maxCallsInFlight);
    await answer();
    frame();
    expect(thumbnails).toHaveBeenCalledTimes(maxCallsInFlight + 1);
  });

  it("does not ask again for a thumbnail in flight or already had", async () => {
    const { store, thumbnails, frame, answer } = setup();
    store.subscribe(7, noop);
    frame();
    store.subscribe(7, noop);
    store.request(7);
    frame();
    expect(thumbnails).toHaveBeenCalledTimes(1);
    await answer();
    store.subscribe(7, noop);
    frame();
    expect(thumbnails).toHaveBeenCalledTimes(1);
  });

  it("drops the request of a tile that went away before the frame", () => {
    const { store, thumbnails, frame } = setup();
    const unsubscribe = store.subscribe(1, noop);
    store.subscribe(2, noop);
    unsubscribe();
    frame();
    expect(thumbnails.mock.calls).toEqual([[[2]]]);
  });

  it("remembers a thumbnail that could not be had", async () => {
    const { store, frame, answer } = setup();
    store.subscribe(4, noop);
    frame();
    await answer(0, false);
    expect(store.url(4)).toBeUndefined();
    expect(store.failure(4)).toBe("NoThumbnail");
  });

  it("evicts the least recently used URLs beyond its bound, revoking them, but never one in use", async () => {
    const { store, frame, answer, revoked } = setup(2);
    const unsubscribe1 = store.subscribe(1, noop);
    store.subscribe(2, noop);
    frame();
    await answer();
    unsubscribe1();
    store.request(3);
    store.request(4);
    frame();
    await answer();
    // 1 (unused, oldest) and 3 go; 2 is in use; 4 is the newest.
    expect(revoked).toEqual(["blob:thumb-1", "blob:thumb-3"]);
    expect(store.url(1)).toBeUndefined();
    expect(store.url(2)).toBe("blob:thumb-2");
    expect(store.url(4)).toBe("blob:thumb-4");
  });

  it("revokes everything on dispose and ignores late answers", async () => {
    const { store, frame, answer, revoked } = setup();
    store.subscribe(1, noop);
    frame();
    await answer();
    store.subscribe(2, noop);
    frame();
    store.dispose();
    await answer();
    expect(revoked).toEqual(["blob:thumb-1"]);
    expect(store.url(2)).toBeUndefined();
  });
});

describe("held requests", () => {
  /** A store whose hold clock and timers the test moves by hand. */
  function setupWithClock() {
    let nowMs = 0;
    const timers: { atMs: number; callback: () => void }[] = [];
    const frames: (() => void)[] = [];
    const thumbnails = vi.fn((ids: readonly number[]) =>
      Promise.resolve(
        ids.map((fileID) => ({ fileID, ok: true as const, bytes: new Uint8Array([1]) })),
      ),
    );
    const store = new ThumbnailStore(
      { thumbnails },
      {
        schedule: (callback) => frames.push(callback),
        createObjectURL: () => "blob:thumb",
        revokeObjectURL: noop,
        nowMs: () => nowMs,
        delay: (callback, delayMs) => timers.push({ atMs: nowMs + delayMs, callback }),
      },
    );
    const advance = (ms: number) => {
      nowMs += ms;
      for (const timer of timers.filter((t) => t.atMs <= nowMs)) {
        timers.splice(timers.indexOf(timer), 1);
        timer.callback();
      }
      for (const callback of frames.splice(0)) callback();
    };
    return { store, thumbnails, advance };
  }

  it("sends nothing while held and, when the hold ends, only what is still shown", () => {
    const { store, thumbnails, advance } = setupWithClock();
    store.holdRequests(120);
    const passedBy = store.subscribe(1, noop);
    store.subscribe(2, noop);
    advance(16);
    passedBy();
    // The fling goes on: the hold is extended from now, never shortened.
    store.holdRequests(120);
    store.holdRequests(10);
    advance(100);
    expect(thumbnails).not.toHaveBeenCalled();
    advance(40);
    expect(thumbnails.mock.calls).toEqual([[[2]]]);
  });

  it("sends at once when nothing is held", () => {
    const { store, thumbnails, advance } = setupWithClock();
    store.subscribe(3, noop);
    advance(0);
    expect(thumbnails.mock.calls).toEqual([[[3]]]);
  });
});
