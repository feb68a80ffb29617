// In-page measurements of the gallery for the gallery-open and gallery-scroll
// scenarios. Each function here runs inside the photos app's page (passed to
// `page.evaluate` / `page.waitForFunction`), so it uses nothing from outside
// its own body. They rely on the grid's test ids: the scroller
// `gallery-scroller`, tiles `gallery-tile` with `data-index` and
// `data-loaded="true"` once their thumbnail has loaded, the scrubber
// `date-scrubber`.

import type { Page } from "playwright-core";

/**
 * [Note: Page functions may carry esbuild's name helper]
 *
 * tsx compiles the bench with esbuild's keepNames, which wraps named inner
 * functions as `__name(fn, "name")`; a function sent to the page keeps those
 * calls but not the helper. Every page the bench drives gets a stand-in
 * that returns the function unchanged.
 */
export const allowBundledPageFunctions = async (page: Page): Promise<void> => {
  await page.addInitScript({ content: "globalThis.__name = (target) => target;" });
};

/** Frame intervals (ms) recorded by requestAnimationFrame while `work` runs. */
export interface FrameRecording {
  intervalsMs: number[];
}

/**
 * The page's time (ms since navigation) once at least one tile's thumbnail
 * has loaded, else false (a predicate for `waitForFunction`, polled on rAF).
 */
export const firstThumbnailLoadedAtMs = (): number | false =>
  document.querySelector('[data-testid="gallery-tile"][data-loaded="true"]') !== null &&
  performance.now();

/**
 * The page's time once every tile that intersects the scroller's viewport
 * has loaded its thumbnail (and there is at least one), else false.
 */
export const visibleThumbnailsLoadedAtMs = (): number | false => {
  const scroller = document.querySelector('[data-testid="gallery-scroller"]');
  if (scroller === null) return false;
  const box = scroller.getBoundingClientRect();
  const inView = (selector: string) =>
    Array.from(document.querySelectorAll(selector)).filter((element) => {
      const rect = element.getBoundingClientRect();
      return rect.bottom > box.top && rect.top < box.bottom && rect.width > 0;
    });
  // Rows not built yet and tiles whose item has not arrived are not loaded either.
  if (
    inView('[data-testid="gallery-row-light"], [data-testid="gallery-tile-pending"]').length > 0
  ) {
    return false;
  }
  const tiles = inView('[data-testid="gallery-tile"]');
  const loaded =
    tiles.length > 0 && tiles.every((tile) => tile.getAttribute("data-loaded") === "true");
  return loaded && performance.now();
};

/**
 * The index of the first tile in the scroller's viewport (-1 while the rows
 * in view are not built yet, a jump's first frames), or false while it is
 * still `unlessIndex`: a predicate for "the screen has moved".
 */
export const firstVisibleTile = (unlessIndex: number | null): { index: number } | false => {
  const box = document.querySelector('[data-testid="gallery-scroller"]')?.getBoundingClientRect();
  let index = -1;
  if (box !== undefined) {
    for (const tile of document.querySelectorAll('[data-testid="gallery-tile"]')) {
      const rect = tile.getBoundingClientRect();
      const tileIndex = Number(tile.getAttribute("data-index") ?? "-1");
      if (rect.bottom > box.top && rect.top < box.bottom && rect.width > 0) {
        index = index === -1 ? tileIndex : Math.min(index, tileIndex);
      }
    }
  }
  return index === unlessIndex ? false : { index };
};

/**
 * Whether Cache Storage `cacheName` holds the thumbnail of every loaded tile
 * in the scroller's viewport (the first screen's, after a first load). Keys
 * name the file (`CiphertextCache.key`: `…/thumbnail/<fileID>/<header>`), so
 * a tile counts only when its own file's key is there: the albums bar's
 * covers are cached too, and counting entries took them for the screen's.
 */
export const visibleThumbnailsCached = async (cacheName: string): Promise<boolean> => {
  const scroller = document.querySelector('[data-testid="gallery-scroller"]');
  if (scroller === null) return false;
  const box = scroller.getBoundingClientRect();
  const loadedFileIDs = Array.from(
    document.querySelectorAll('[data-testid="gallery-tile"][data-loaded="true"]'),
  )
    .filter((tile) => {
      const rect = tile.getBoundingClientRect();
      return rect.bottom > box.top && rect.top < box.bottom;
    })
    .map((tile) => tile.getAttribute("data-file-id") ?? undefined);
  const cachedFileIDs = new Set(
    (await (await caches.open(cacheName)).keys()).map(
      (request) => /\/thumbnail\/(\d+)\//.exec(new URL(request.url).pathname)?.[1],
    ),
  );
  return loadedFileIDs.length > 0 && loadedFileIDs.every((fileID) => cachedFileIDs.has(fileID));
};

export interface ScrollToEndResult {
  intervalsMs: number[];
  /** The highest tile index seen in the viewport. */
  lastIndexSeen: number;
  reachedEnd: boolean;
  durationMs: number;
}

/**
 * Scrolls the gallery's scroller from the top to the bottom by `stepScreens`
 * viewports per frame, recording every frame's interval, until the tile of
 * index `lastIndex` is in the viewport or the scroller stops moving.
 */
export const scrollToEndInPage = ({
  stepScreens,
  lastIndex,
}: {
  stepScreens: number;
  lastIndex: number;
}): Promise<ScrollToEndResult> =>
  new Promise((resolve, reject) => {
    const scroller = document.querySelector<HTMLElement>('[data-testid="gallery-scroller"]');
    if (scroller === null) {
      reject(new Error("No gallery scroller"));
      return;
    }
    const visibleMaxIndex = (): number => {
      const box = scroller.getBoundingClientRect();
      let max = -1;
      for (const tile of Array.from(document.querySelectorAll('[data-testid="gallery-tile"]'))) {
        const rect = tile.getBoundingClientRect();
        if (rect.bottom <= box.top || rect.top >= box.bottom) continue;
        max = Math.max(max, Number(tile.getAttribute("data-index") ?? "-1"));
      }
      return max;
    };
    scroller.scrollTop = 0;
    const intervalsMs: number[] = [];
    const startMs = performance.now();
    let lastMs = startMs;
    let lastIndexSeen = -1;
    let stillFrames = 0;
    /** Frames without movement before the end counts as unreachable. */
    const stillFramesAtMost = 120;
    /**
     * Reading every tile's box forces a layout and costs as much as a tile
     * row's rendering: done every frame it would be the bench's own cost in
     * the frames it measures. Every 30th frame (and whenever the scroller
     * stands still) is enough to notice the end within half a second.
     */
    const checkEveryFrames = 30;
    let frame = 0;
    const tick = (nowMs: number) => {
      intervalsMs.push(nowMs - lastMs);
      lastMs = nowMs;
      frame += 1;
      if (frame % checkEveryFrames === 0 || stillFrames > 0) {
        lastIndexSeen = Math.max(lastIndexSeen, visibleMaxIndex());
      }
      if (lastIndexSeen >= lastIndex) {
        resolve({ intervalsMs, lastIndexSeen, reachedEnd: true, durationMs: nowMs - startMs });
        return;
      }
      const before = scroller.scrollTop;
      scroller.scrollTop = before + scroller.clientHeight * stepScreens;
      stillFrames = scroller.scrollTop === before ? stillFrames + 1 : 0;
      if (stillFrames > stillFramesAtMost) {
        resolve({ intervalsMs, lastIndexSeen, reachedEnd: false, durationMs: nowMs - startMs });
        return;
      }
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });

/** Starts recording frame intervals into `window.__cairnFrames` (bench only). */
export const startFrameRecording = (): void => {
  const record: { intervalsMs: number[]; running: boolean } = { intervalsMs: [], running: true };
  (window as unknown as { __cairnFrames: typeof record }).__cairnFrames = record;
  let lastMs = performance.now();
  const tick = (nowMs: number) => {
    if (!record.running) return;
    record.intervalsMs.push(nowMs - lastMs);
    lastMs = nowMs;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
};

/** Stops the recording started by `startFrameRecording` and answers it. */
export const stopFrameRecording = (): number[] => {
  const record = (
    window as unknown as { __cairnFrames?: { intervalsMs: number[]; running: boolean } }
  ).__cairnFrames;
  if (record === undefined) return [];
  record.running = false;
  return record.intervalsMs;
};

/** Summary of frame intervals: the p95 and the share over a 60 Hz frame. */
export const frameStats = (intervalsMs: readonly number[]) => {
  const sorted = [...intervalsMs].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  /** One frame at 60 Hz; a little slack for timer granularity. */
  const frameBudgetMs = 1000 / 60 + 0.5;
  return {
    frames: sorted.length,
    p50Ms: at(0.5),
    p95Ms: at(0.95),
    p99Ms: at(0.99),
    maxMs: sorted.at(-1) ?? 0,
    overBudgetShare: sorted.filter((ms) => ms > frameBudgetMs).length / Math.max(1, sorted.length),
  };
};

/**
 * Watches, from the document's start, for the gallery's empty state
 * (`gallery-empty`) and records in `window.__cairnEmptyPainted` the page's
 * time it first appeared (an init script: it runs before the app's scripts
 * on every navigation, so a reload's first frames are watched too).
 */
export const watchForEmptyState = async (page: Page): Promise<void> => {
  await page.addInitScript({
    content: `(() => {
      const record = () => {
        if (window.__cairnEmptyPainted === undefined &&
            document.querySelector('[data-testid="gallery-empty"]') !== null) {
          window.__cairnEmptyPainted = performance.now();
        }
      };
      new MutationObserver(record).observe(document, { childList: true, subtree: true });
    })();`,
  });
};

/** The page's time the empty state was first shown since the navigation, or undefined if never. */
export const emptyStatePaintedAtMs = (): number | undefined =>
  (window as unknown as { __cairnEmptyPainted?: number }).__cairnEmptyPainted;

/**
 * Records in `window.__cairnFirstTile` the page's time the grid's first tile
 * (with or without its thumbnail) appeared since the navigation: an init
 * script, as `watchForEmptyState`.
 */
export const watchForFirstTile = async (page: Page): Promise<void> => {
  await page.addInitScript({
    content: `(() => {
      const observer = new MutationObserver(() => {
        if (document.querySelector('[data-testid="gallery-tile"]') !== null) {
          window.__cairnFirstTile = performance.now();
          observer.disconnect();
        }
      });
      observer.observe(document, { childList: true, subtree: true });
    })();`,
  });
};

/** Where a reload's time went before its first thumbnail: the page's ms since the navigation. */
export interface ReloadPhases {
  /** The old page's unload handlers done. */
  oldPageUnloadedMs: number;
  /** The new document received. */
  documentReceivedMs: number;
  /** The app's script received (undefined when it came from the memory cache without an entry). */
  appScriptReceivedMs: number | undefined;
  /** The document parsed and its deferred scripts run (a module script runs after). */
  contentLoadedMs: number;
  firstContentfulPaintMs: number | undefined;
  /** The grid's first tile in the DOM (its thumbnail may come later). */
  firstTileMs: number | undefined;
  /** The app's own marks (`cairn:…`, web/common/library/startup-marks.ts) by name. */
  appMarksMs: Record<string, number>;
}

/** The phases of the current page's navigation (run in the page). */
export const reloadPhases = (): ReloadPhases => {
  const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
  const appScript = performance
    .getEntriesByType("resource")
    .find((entry) => /\/assets\/index-[^/]*\.js$/.test(entry.name)) as
    PerformanceResourceTiming | undefined;
  return {
    oldPageUnloadedMs: navigation?.unloadEventEnd ?? 0,
    documentReceivedMs: navigation?.responseEnd ?? 0,
    appScriptReceivedMs: appScript?.responseEnd,
    contentLoadedMs: navigation?.domContentLoadedEventEnd ?? 0,
    firstContentfulPaintMs: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
    firstTileMs: (window as unknown as { __cairnFirstTile?: number }).__cairnFirstTile,
    appMarksMs: Object.fromEntries(
      performance
        .getEntriesByType("mark")
        .filter((mark) => mark.name.startsWith("cairn:"))
        .map((mark) => [mark.name.slice("cairn:".length), mark.startTime]),
    ),
  };
};
