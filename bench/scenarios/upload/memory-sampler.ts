// Memory while a large file uploads: every sample sums the resident memory
// of every Chromium process the bench launched (browser, renderers, GPU,
// network service: a file's bytes pass through several of them), notes the
// largest single process, and reads the bench's own Node process (which
// hosts the Cairn server receiving the file); a second loop reads the
// page's JS heap over CDP, so that a busy page cannot delay the /proc
// samples.

import type { CdpPage } from "../../lib/cdp-browser";
import {
  type ChromiumProcess,
  chromiumProcesses,
  pssBytesOf,
  rssBytesOf,
} from "../../lib/proc-stats";

export interface ProcessSample {
  /** performance.now() of the bench process. */
  atMs: number;
  /** How long reading /proc took (the sampler's own cost). */
  readMs: number;
  chromiumRssBytes: number;
  /** Every `pssEverySamples`-th sample: PSS costs more to read. */
  chromiumPssBytes?: number;
  chromiumProcessCount: number;
  /** The Chromium process with the most resident memory in this sample. */
  largestProcess: { type: string; rssBytes: number };
  /** The bench's Node process: the Cairn server and the driver. */
  node: { rssBytes: number; heapUsedBytes: number; arrayBuffersBytes: number };
}

export interface HeapSample {
  atMs: number;
  /** The page's main-thread JS heap (Performance.getMetrics); workers' heaps are in their renderer's RSS. */
  jsHeapUsedBytes: number;
  jsHeapTotalBytes: number;
}

export interface MemorySamples {
  processes: ProcessSample[];
  heap: HeapSample[];
}

export interface MemorySampler {
  /** Stops sampling and answers every sample taken since the start. */
  stop(): Promise<MemorySamples>;
}

/**
 * Chromium's processes are looked up again (a walk of /proc) and their PSS
 * read every 8th sample, 2 s at 250 ms: processes start rarely (a renderer
 * per page, a utility process per service), and a walk or a PSS read of
 * every process each time would cost the machine more than the samples are
 * worth.
 */
const pssEverySamples = 8;

/** Takes process samples, keeping the process list between lookups. */
const processSampler = (): (() => Promise<ProcessSample>) => {
  let processes: ChromiumProcess[] = [];
  let count = 0;
  return () => {
    const atMs = performance.now();
    const full = count % pssEverySamples === 0;
    count += 1;
    if (full) processes = chromiumProcesses();
    const memory = processes.map(({ pid, type }) => ({
      type,
      rssBytes: rssBytesOf(pid),
      pssBytes: full ? pssBytesOf(pid) : 0,
    }));
    const largest = memory.reduce((max, entry) => (entry.rssBytes > max.rssBytes ? entry : max), {
      type: "none",
      rssBytes: 0,
    });
    const node = process.memoryUsage();
    return Promise.resolve({
      atMs,
      readMs: performance.now() - atMs,
      chromiumRssBytes: memory.reduce((total, entry) => total + entry.rssBytes, 0),
      ...(full
        ? { chromiumPssBytes: memory.reduce((total, entry) => total + entry.pssBytes, 0) }
        : {}),
      chromiumProcessCount: memory.length,
      largestProcess: { type: largest.type, rssBytes: largest.rssBytes },
      node: {
        rssBytes: node.rss,
        heapUsedBytes: node.heapUsed,
        arrayBuffersBytes: node.arrayBuffers,
      },
    });
  };
};

const heapSample = async (page: CdpPage): Promise<HeapSample> => {
  const atMs = performance.now();
  const { usedBytes, totalBytes } = await page.jsHeap();
  return { atMs, jsHeapUsedBytes: usedBytes, jsHeapTotalBytes: totalBytes };
};

/** Runs `take` every `intervalMs` until `stopped` (a sample starts when the last one ended). */
const sampleLoop = async <T>(
  take: () => Promise<T>,
  into: T[],
  intervalMs: number,
  stopped: AbortSignal,
): Promise<void> => {
  while (!stopped.aborted) {
    const startMs = performance.now();
    into.push(await take());
    const waitMs = Math.max(0, intervalMs - (performance.now() - startMs));
    await new Promise((resolve) => setTimeout(resolve, waitMs));
  }
};

/** Samples every `intervalMs` until stopped. */
export const startMemorySampler = (page: CdpPage, intervalMs: number): MemorySampler => {
  const samples: MemorySamples = { processes: [], heap: [] };
  const stopped = new AbortController();
  const loops = Promise.all([
    sampleLoop(processSampler(), samples.processes, intervalMs, stopped.signal),
    sampleLoop(() => heapSample(page), samples.heap, intervalMs, stopped.signal),
  ]);
  // A failure surfaces at stop(); until then it is not unhandled.
  loops.catch(() => undefined);
  return {
    stop: async () => {
      stopped.abort();
      try {
        await loops;
      } catch (error) {
        throw new Error("Memory sampling failed", { cause: error });
      }
      return samples;
    },
  };
};

/** What the samples of one quantity say: before the upload, its peak during it, and the rise. */
export interface MemoryFigure {
  baselineBytes: number;
  peakBytes: number;
  riseBytes: number;
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/**
 * The baseline is the median of the samples taken before the upload (the
 * page idle, logged in, the album open); the peak the largest sample while
 * it ran.
 */
export const memoryFigure = <S extends { atMs: number }>(
  samples: readonly S[],
  { fromMs, toMs }: { fromMs: number; toMs: number },
  pick: (sample: S) => number | undefined,
): MemoryFigure => {
  const values = (chosen: readonly S[]) => chosen.map(pick).filter((value) => value !== undefined);
  const baselineBytes = median(values(samples.filter((sample) => sample.atMs < fromMs)));
  const during = samples.filter((sample) => sample.atMs >= fromMs && sample.atMs <= toMs);
  const peakBytes = Math.max(0, ...values(during));
  return { baselineBytes, peakBytes, riseBytes: peakBytes - baselineBytes };
};
