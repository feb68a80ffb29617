// Driving an upload through the photos app as a person does: log in, open
// the album, pick files with the Upload button's file input (by path, so
// Chromium reads them from disk as it does a person's files), and follow
// the upload panel until its run has finished. Test ids: the panel's
// `upload-phase` (data-phase), `upload-count`, `upload-result-<result>`
// (data-count). See: [Note: The upload is not measured under playwright]

import type { Credentials } from "../../lib/seeded-photos";
import type { CdpPage } from "../../lib/cdp-browser";
import { logInOverCdp } from "../../lib/cdp-photos";

const stepTimeoutMs = 60_000;
const pollMs = 100;

/** Logs in through the photos app's screens and opens `albumName` once the library is up to date. */
export const openAlbum = async (
  page: CdpPage,
  photosOrigin: string,
  credentials: Credentials,
  albumName: string,
): Promise<void> => {
  await logInOverCdp(page, photosOrigin, credentials);
  await page.waitFor(
    (name) => {
      const entry = Array.from(document.querySelectorAll("[data-testid=album-entry]")).find(
        (candidate) =>
          candidate.querySelector("[data-testid=album-name]")?.textContent.trim() === name,
      );
      if (!(entry instanceof HTMLElement)) return false;
      if (entry.getAttribute("aria-current") !== "page") entry.click();
      return entry.getAttribute("aria-current") === "page";
    },
    albumName,
    { timeoutMs: stepTimeoutMs, pollMs },
  );
  await page.waitFor(
    () =>
      document.querySelector("[data-testid=library-sync-state]")?.getAttribute("data-state") ===
        "up-to-date" && document.querySelector("[data-testid=upload-input-files]") !== null,
    undefined,
    { timeoutMs: stepTimeoutMs, pollMs },
  );
};

/** A moment of the run, in ms from the pick. */
export interface TimelineEntry {
  atMs: number;
  phase: string;
  /** Files finished (the panel's "n of m"). */
  finished: number;
}

export interface UiUpload {
  /** From handing the files to the input to the panel's "finish" phase. */
  endToEndMs: number;
  /** Every change of phase or of the finished count, as the panel showed it. */
  timeline: TimelineEntry[];
  /** The summary: files per result. */
  results: Record<string, number>;
}

interface PageTimeline {
  entries: TimelineEntry[];
  stop: () => void;
}

/**
 * Starts recording the panel in the page (checked every 50 ms: a phase
 * lasts seconds, and a quicker poll would take the page's time from what it
 * measures); the pick is the start of the page's clock for the entries.
 */
const startTimeline = (): null => {
  const startMs = performance.now();
  const entries: TimelineEntry[] = [];
  let last = "";
  const record = () => {
    const phase =
      document.querySelector("[data-testid=upload-phase]")?.getAttribute("data-phase") ?? "none";
    const countText = document.querySelector("[data-testid=upload-count]")?.textContent ?? "";
    const finished = Number(/[0-9][0-9,.\s]*/.exec(countText)?.[0].replace(/[^0-9]/g, "") ?? 0);
    const key = `${phase}:${String(finished)}`;
    if (key === last) return;
    last = key;
    entries.push({ atMs: performance.now() - startMs, phase, finished });
  };
  const timer = setInterval(record, 50);
  const timeline: PageTimeline = {
    entries,
    stop: () => {
      clearInterval(timer);
      // The driver may see the end before the next tick does.
      record();
    },
  };
  (window as unknown as { __cairnUploadTimeline: PageTimeline }).__cairnUploadTimeline = timeline;
  return null;
};

const stopTimeline = (): TimelineEntry[] => {
  const timeline = (window as unknown as { __cairnUploadTimeline?: PageTimeline })
    .__cairnUploadTimeline;
  timeline?.stop();
  return timeline?.entries ?? [];
};

const summary = (): Record<string, number> =>
  Object.fromEntries(
    Array.from(document.querySelectorAll("[data-testid^=upload-result-]")).map((group) => [
      (group.getAttribute("data-testid") ?? "").replace("upload-result-", ""),
      Number(group.getAttribute("data-count") ?? "0"),
    ]),
  );

/** The panel's "n of m files" and overall percentage, for progress lines. */
export const panelProgress = (page: CdpPage): Promise<string> =>
  page.evaluate(() => {
    const count = document.querySelector("[data-testid=upload-count]")?.textContent ?? "";
    const percent =
      document.querySelector("[data-testid=upload-overall]")?.getAttribute("aria-valuetext") ?? "";
    return `${count} ${percent}`.trim();
  }, undefined);

/**
 * Picks `paths` through the open view's file input and waits for the run to
 * finish (the panel's phase "finish"). The panel of an earlier run must be
 * closed: a new pick joins a run on its way.
 */
export const uploadThroughUI = async (
  page: CdpPage,
  paths: readonly string[],
  timeoutMs: number,
): Promise<UiUpload> => {
  await page.evaluate(startTimeline, undefined);
  await page.setInputFiles("[data-testid=upload-input-files]", paths);
  await page.waitFor(
    () =>
      document.querySelector("[data-testid=upload-phase]")?.getAttribute("data-phase") === "finish",
    undefined,
    { timeoutMs, pollMs },
  );
  const timeline = await page.evaluate(stopTimeline, undefined);
  const finish = timeline.find((entry) => entry.phase === "finish");
  if (finish === undefined) throw new Error("The panel's timeline missed the finish");
  return { endToEndMs: finish.atMs, timeline, results: await page.evaluate(summary, undefined) };
};

/** The ms from the pick to the first entry of each phase. */
export const phaseStartsMs = (timeline: readonly TimelineEntry[]): Record<string, number> => {
  const starts: Record<string, number> = {};
  for (const entry of timeline) starts[entry.phase] ??= entry.atMs;
  return starts;
};

/** The ms from the pick until `share` of `total` files had finished. */
export const finishedShareAtMs = (
  timeline: readonly TimelineEntry[],
  total: number,
  share: number,
): number | undefined => timeline.find((entry) => entry.finished >= total * share)?.atMs;
