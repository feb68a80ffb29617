import { describe, expect, it, vi } from "vitest";
import type { ThumbnailURLResult } from "../../../../workers/gallery/gallery-contract";
import {
  type DecodeThumbnail,
  maxCallsInFlight,
  maxThumbnailsPerCall,
  ThumbnailStore,
  thumbnailsShownPerFrame,
} from "./thumbnail-store";

/** The URL the client double answers for a file: 30 characters for files 1 to 9. */
const urlOf = (fileID: number) => `data:image/jpeg;base64,thumb-${String(fileID)}`;

/** A store over a client double whose calls answer when the test says so. */
function setup(
  maxEntries?: number,
  decode: DecodeThumbnail = () => Promise.resolve(),
  maxURLChars?: number,
  askedAhead?: ReadonlySet<number>,
) {
  const frames: (() => void)[] = [];
  const pending: { ids: number[]; resolve: (results: ThumbnailURLResult[]) => void }[] = [];
  const thumbnails = vi.fn(
    (ids: readonly number[]) =>
      new Promise<ThumbnailURLResult[]>((resolve) => {
        pending.push({ ids: [...ids], resolve });
      }),
  );
  const store = new ThumbnailStore(
    {
      thumbnails,
      ...(askedAhead === undefined
        ? {}
        : { isThumbnailAskedAhead: (fileID: number) => askedAhead.has(fileID) }),
    },
    { maxEntries, maxURLChars, schedule: (callback) => frames.push(callback), decode },
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
          ? { fileID, ok: true, url: urlOf(fileID) }
          : { fileID, ok: false, errorName: "NoThumbnail" },
      ),
    );
    // The answer, then its decodes. See: [Note: A thumbnail is decoded before it is shown]
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  const answerAll = async () => {
    while (pending.length > 0) await answer();
  };
  return { store, thumbnails, frame, answer, answerAll, pending };
}

const noop = () => undefined;
/** Frames it takes to show `count` answers. */
const framesFor = (count: number) => Math.ceil(count / thumbnailsShownPerFrame);
/** Calls it takes to ask for `count` thumbnails. */
const callsFor = (count: number) => Math.ceil(count / maxThumbnailsPerCall);

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
    // Shown in the next frame. See: [Note: Thumbnails are shown a few per frame]
    expect(store.url(1)).toBeUndefined();
    frame();
    expect(store.url(1)).toBe("data:image/jpeg;base64,thumb-1");
    expect(store.url(3)).toBe("data:image/jpeg;base64,thumb-3");
    expect(listener).toHaveBeenCalledTimes(3);
    expect(second).toHaveBeenCalledTimes(1);
  });

  it(`splits a frame's requests into calls of at most ${String(maxThumbnailsPerCall)}`, () => {
    const { store, thumbnails, frame } = setup();
    for (let id = 1; id <= 2 * maxThumbnailsPerCall + 3; id++) store.subscribe(id, noop);
    frame();
    expect(thumbnails.mock.calls.map(([ids]) => ids.length)).toEqual([
      maxThumbnailsPerCall,
      maxThumbnailsPerCall,
      3,
    ]);
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

  it("sends the thumbnails the client asked ahead first, in a call of their own that the others do not hold back", async () => {
    // The albums bar's covers (21–27) are queued before the grid's first tiles (1–8).
    const { store, thumbnails, frame, answer, pending } = setup(
      undefined,
      undefined,
      undefined,
      new Set([1, 2, 3, 4, 5, 6, 7]),
    );
    for (const id of [21, 22, 23, 24, 25, 26, 27, 1, 2, 3, 4, 5, 6, 7, 8])
      store.subscribe(id, noop);
    frame();
    expect(thumbnails.mock.calls.map(([ids]) => ids)).toEqual([
      [1, 2, 3, 4, 5, 6, 7],
      [21, 22, 23, 24, 25, 26],
      [27, 8],
    ]);
    // The covers' calls are still on their way when the tiles' answer arrives.
    await answer(0);
    frame();
    expect(pending).toHaveLength(2);
    expect([1, 7].map((id) => store.url(id))).toEqual([urlOf(1), urlOf(7)]);
    expect(store.url(21)).toBeUndefined();
  });

  it("does not count a call of thumbnails asked ahead against the calls in flight", () => {
    const { store, thumbnails, frame } = setup(undefined, undefined, undefined, new Set([500]));
    for (let id = 1; id <= 300; id++) store.subscribe(id, noop);
    store.subscribe(500, noop);
    frame();
    expect(thumbnails).toHaveBeenCalledTimes(maxCallsInFlight + 1);
    expect(thumbnails.mock.calls[0]?.[0]).toEqual([500]);
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

  it(`shows at most ${String(thumbnailsShownPerFrame)} answers a frame, in the order asked`, async () => {
    const { store, frame, answerAll, thumbnails } = setup();
    const shown: number[] = [];
    for (let id = 1; id <= 25; id++) store.subscribe(id, () => shown.push(id));
    frame();
    await answerAll();
    expect(shown).toEqual([]);
    frame();
    expect(shown).toEqual(Array.from({ length: thumbnailsShownPerFrame }, (_, i) => i + 1));
    for (let more = 1; more < framesFor(25); more++) frame();
    expect(shown).toHaveLength(25);
    // Answered but not yet shown is not asked for again.
    expect(thumbnails).toHaveBeenCalledTimes(callsFor(25));
  });

  it("drops answers nobody waits for any more instead of showing them first", async () => {
    const { store, frame, answer, answerAll, thumbnails } = setup();
    const gone = Array.from({ length: 20 }, (_, i) => store.subscribe(i + 1, noop));
    frame();
    await answerAll();
    // The user jumped on: those tiles are gone, new ones are on screen.
    for (const unsubscribe of gone) unsubscribe();
    const shown: number[] = [];
    for (let id = 101; id <= 105; id++) store.subscribe(id, () => shown.push(id));
    frame();
    await answer();
    frame();
    expect(shown).toEqual([101, 102, 103, 104, 105]);
    expect(store.url(1)).toBeUndefined();
    // Asked for again when a tile comes back.
    store.subscribe(1, noop);
    frame();
    expect(thumbnails.mock.calls.at(-1)).toEqual([[1]]);
  });

  it("does not ask again for an answer waiting to be shown", async () => {
    const { store, frame, answerAll, thumbnails } = setup();
    for (let id = 1; id <= 25; id++) store.subscribe(id, noop);
    frame();
    await answerAll();
    frame();
    store.request(25);
    for (let more = 1; more < framesFor(25); more++) frame();
    expect(thumbnails).toHaveBeenCalledTimes(callsFor(25));
    expect(store.url(25)).toBe("data:image/jpeg;base64,thumb-25");
  });

  it("shows a thumbnail only once its image is decoded, and says it was", async () => {
    // See: [Note: A thumbnail is decoded before it is shown]
    const decodes: { url: string; done: () => void }[] = [];
    const { store, frame, answer } = setup(
      undefined,
      (url) =>
        new Promise<void>((resolve) => {
          decodes.push({ url, done: resolve });
        }),
    );
    store.subscribe(1, noop);
    store.subscribe(2, noop);
    frame();
    await answer();
    frame();
    expect(decodes.map(({ url }) => url)).toEqual([
      "data:image/jpeg;base64,thumb-1",
      "data:image/jpeg;base64,thumb-2",
    ]);
    expect(store.url(1)).toBeUndefined();
    for (const { done } of decodes) done();
    await new Promise((resolve) => setTimeout(resolve, 0));
    frame();
    expect(store.shown(1)).toMatchObject({ url: "data:image/jpeg;base64,thumb-1", decoded: true });
    expect(store.shown(2)).toMatchObject({ url: "data:image/jpeg;base64,thumb-2", decoded: true });
  });

  it("still shows a thumbnail the browser could not decode ahead, as not decoded", async () => {
    const { store, frame, answer } = setup(undefined, () =>
      Promise.reject(new Error("EncodingError")),
    );
    store.subscribe(1, noop);
    frame();
    await answer();
    frame();
    expect(store.shown(1)).toMatchObject({ url: "data:image/jpeg;base64,thumb-1", decoded: false });
  });

  it("decodes no answer that nobody waits for any more", async () => {
    const decoded: string[] = [];
    const { store, frame, answer } = setup(undefined, (url) => {
      decoded.push(url);
      return Promise.resolve();
    });
    const unsubscribe = store.subscribe(1, noop);
    store.subscribe(2, noop);
    frame();
    unsubscribe();
    await answer();
    frame();
    expect(decoded).toEqual([urlOf(2)]);
    expect(store.url(1)).toBeUndefined();
  });

  it("remembers a thumbnail that could not be had", async () => {
    const { store, frame, answer } = setup();
    store.subscribe(4, noop);
    frame();
    await answer(0, false);
    frame();
    expect(store.url(4)).toBeUndefined();
    expect(store.failure(4)).toBe("NoThumbnail");
  });

  it.each([
    ["number", () => setup(2)],
    // Room for the URLs of two thumbnails.
    ["characters", () => setup(undefined, undefined, 2 * urlOf(1).length)],
  ])("evicts the least recently used URLs beyond its %s, but never one in use", async (_, make) => {
    const { store, frame, answer } = make();
    const unsubscribe1 = store.subscribe(1, noop);
    store.subscribe(2, noop);
    frame();
    await answer();
    frame();
    unsubscribe1();
    store.request(3);
    store.request(4);
    frame();
    await answer();
    frame();
    // 1 (unused, oldest) and 3 go; 2 is in use; 4 is the newest.
    expect([1, 2, 3, 4].map((id) => store.url(id))).toEqual([
      undefined,
      urlOf(2),
      undefined,
      urlOf(4),
    ]);
  });

  it("drops every URL on dispose, and late answers", async () => {
    const { store, frame, answer } = setup();
    store.subscribe(1, noop);
    frame();
    await answer();
    frame();
    expect(store.url(1)).toBe(urlOf(1));
    store.subscribe(2, noop);
    frame();
    store.dispose();
    expect(store.url(1)).toBeUndefined();
    await answer();
    frame();
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
        ids.map((fileID) => ({ fileID, ok: true as const, url: "data:image/jpeg;base64,thumb" })),
      ),
    );
    const store = new ThumbnailStore(
      { thumbnails },
      {
        schedule: (callback) => frames.push(callback),
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
