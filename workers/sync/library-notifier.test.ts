import { describe, expect, it } from "vitest";
import { LibraryNotifier, emptySummary, notifyingShareAtMost } from "./library-notifier";
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
