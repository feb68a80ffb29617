import { describe, expect, it } from "vitest";
import {
  LibraryNotifier,
  emptySummary,
  longestThrottledGapMs,
  notifyingShareAtMost,
  pageAnswerWaitAtMostMs,
} from "./library-notifier";
import type { SyncStatus } from "./sync-service-contract";
import { manualTimers } from "./test-support/manual-clock";

const syncing: SyncStatus = { state: "syncing", skippedRecords: 0 };

/**
 * A notifier over a manual clock whose summary takes `buildMs` of the
 * clock's time to build; `told` counts what the listener received.
 */
const notifierWith = ({ intervalMs, buildMs }: { intervalMs: number; buildMs: number }) => {
  const clock = manualTimers();
  let builds = 0;
  let told = 0;
  const buildStartsMs: number[] = [];
  const notifier = new LibraryNotifier({
    timers: clock.timers,
    nowMs: clock.nowMs,
    intervalMs,
    buildSummary: () => {
      builds += 1;
      buildStartsMs.push(clock.nowMs());
      clock.spend(buildMs);
      return { ...emptySummary, fileCount: builds };
    },
    status: () => syncing,
    openSnapshot: () => undefined,
    onNotified: () => undefined,
  });
  notifier.subscribe(() => {
    told += 1;
  });
  return {
    clock,
    notifier,
    buildStartsMs,
    get builds() {
      return builds;
    },
    get told() {
      return told;
    },
  };
};

/**
 * A pull storing a page every `pageMs` for `pages` pages, each telling the
 * notifier (throttled); answers how long it took on the clock (the pages and
 * the notifications), until the last change was told.
 */
const pull = (subject: ReturnType<typeof notifierWith>, pages: number, pageMs: number) => {
  for (let page = 0; page < pages; page++) {
    subject.notifier.notify(true);
    subject.clock.advance(pageMs);
  }
  const pagesEndMs = subject.clock.nowMs();
  subject.clock.advance(60_000);
  return pagesEndMs;
};

describe("the library notifier during a pull", () => {
  it("tells a small library's listeners at most every interval, and the last change too", () => {
    const subject = notifierWith({ intervalMs: 250, buildMs: 1 });
    pull(subject, 40, 50); // 40 pages in 2 s
    // One at once, then one per 250 ms, and the last page's change is told.
    expect(subject.told).toBeGreaterThanOrEqual(8);
    expect(subject.told).toBeLessThanOrEqual(10);
    expect(subject.builds).toBe(subject.told);
  });

  it("tells a library whose summary is slow to build less often, keeping the share of time it takes", () => {
    // About what the "all" view of 100,000 files takes to rebuild.
    const buildMs = 50;
    const subject = notifierWith({ intervalMs: 250, buildMs });
    const pages = 200;
    const pageMs = 50;
    const pullMs = pull(subject, pages, pageMs);
    // From one notification to the next, it took at most its share of the time.
    const gapsMs = subject.buildStartsMs
      .slice(1)
      .map((atMs, index) => atMs - (subject.buildStartsMs[index] ?? 0));
    for (const gapMs of gapsMs) expect(buildMs / gapMs).toBeLessThanOrEqual(notifyingShareAtMost);
    expect(subject.builds * buildMs).toBeLessThan(pullMs * 2 * notifyingShareAtMost);
    // Still told while it goes (about every second), not only at the end.
    expect(subject.told).toBeGreaterThanOrEqual(8);
  });

  it("tells a change that is not throttled at once, whatever the last one cost", () => {
    const subject = notifierWith({ intervalMs: 250, buildMs: 100 });
    subject.notifier.notify(true);
    subject.notifier.notify(false);
    expect(subject.told).toBe(2);
  });
});

/** A notifier whose one listener (the page) answers each change when the test says it has shown it. */
const notifierWithPage = () => {
  const clock = manualTimers();
  const toldAtMs: number[] = [];
  const answers: (() => void)[] = [];
  const notifier = new LibraryNotifier({
    timers: clock.timers,
    nowMs: clock.nowMs,
    intervalMs: 250,
    buildSummary: () => emptySummary,
    status: () => syncing,
    openSnapshot: () => undefined,
    onNotified: () => undefined,
  });
  notifier.subscribe(() => {
    toldAtMs.push(clock.nowMs());
    return new Promise<void>((resolve) => {
      answers.push(resolve);
    });
  });
  return {
    clock,
    notifier,
    toldAtMs,
    /** The page has shown the change it was told `index`th (the last one by default). */
    shown: async (index = answers.length - 1) => {
      answers[index]?.();
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
  };
};

describe("the library notifier and the page's answers", () => {
  it("tells a change made while the page shows the last one after its answer, at the share of the whole cost", async () => {
    const page = notifierWithPage();
    page.notifier.notify(true);
    for (let i = 0; i < 3; i++) {
      page.clock.advance(50);
      page.notifier.notify(true);
    }
    expect(page.toldAtMs).toEqual([0]);
    await page.shown(); // 150 ms after the notification: render and paint included
    const nextAtMs = 150 / notifyingShareAtMost;
    page.clock.advance(nextAtMs - 1 - page.clock.nowMs());
    expect(page.toldAtMs).toEqual([0]);
    page.clock.advance(1);
    expect(page.toldAtMs).toEqual([0, nextAtMs]);
  });

  it("waits for a page that does not answer only so long, and never leaves a change untold for longer than the longest gap", () => {
    const page = notifierWithPage();
    page.notifier.notify(true);
    page.clock.advance(10);
    page.notifier.notify(true);
    page.clock.advance(pageAnswerWaitAtMostMs + 10_000);
    expect(page.toldAtMs).toEqual([0, longestThrottledGapMs]);
  });

  it("tells a change that is not throttled at once, even before the page answered the last one", () => {
    const page = notifierWithPage();
    page.notifier.notify(true);
    page.notifier.notify(false);
    expect(page.toldAtMs).toEqual([0, 0]);
  });

  it("ignores a late answer to a notification a newer one replaced", async () => {
    const page = notifierWithPage();
    page.notifier.notify(true);
    page.clock.advance(100);
    page.notifier.notify(false); // the page now shows this one
    page.clock.advance(20);
    page.notifier.notify(true);
    page.clock.advance(30);
    await page.shown(0); // the older one, late: not the answer waited for
    page.clock.advance(50);
    await page.shown(1); // 100 ms after it was told
    page.clock.advance(5000);
    expect(page.toldAtMs).toEqual([0, 100, 100 + 100 / notifyingShareAtMost]);
  });
});
