// Where a scenario's time goes, for `CAIRN_BENCH_PROFILE=1`: a Chromium trace with V8's sampling CPU profiler on every isolate (the page
// and each worker), summarised per thread as the time its samples spent in
// each script and in each function. A worker is named after the script it
// spends most time in (the sync, crypto and media workers are separate
// bundles). Profiling slows the run: its figures are not the bench's.

import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { CdpBrowser } from "./cdp-browser";

/**
 * `CAIRN_BENCH_PROFILE=1` (or the older `CAIRN_BENCH_UPLOAD_PROFILE=1`): the
 * scenarios that support it (upload, sync, gallery-open) trace their measured pass (gallery-open: one more reload) with
 * V8's CPU profiler on every thread of the page and its workers, and the
 * results file gets the time per thread, script and function. Tracing slows
 * the run down: the figures of such a run are for finding where time goes,
 * not for comparing.
 */
const profileSetting = process.env.CAIRN_BENCH_PROFILE;

/**
 * `CAIRN_BENCH_PROFILE=timeline`: DevTools' timeline only (tasks, module
 * compiles and evaluations, requests, paints), without V8's sampler and with
 * the bundles minified as shipped. The sampler and unminified bundles
 * stretched a reload's chain to twice its length, and on two cores changed
 * which thread waited for which; this keeps the order of events true.
 */
export const timelineOnly = profileSetting === "timeline";

/** Whether the scenarios trace at all (see above). */
export const profiling =
  profileSetting === "1" || timelineOnly || process.env.CAIRN_BENCH_UPLOAD_PROFILE === "1";

/** A browser that records Chrome traces: the bare DevTools pipe's, or Playwright's through `playwrightTracer`. */
export type Tracer = Pick<CdpBrowser, "startTracing" | "stopTracing">;

/** Playwright's Chromium as a `Tracer` (its trace covers every page and worker of the browser). */
export const playwrightTracer = (browser: {
  startTracing: (page: undefined, options: { categories: string[] }) => Promise<void>;
  stopTracing: () => Promise<Buffer>;
}): Tracer => ({
  startTracing: (categories) => browser.startTracing(undefined, { categories: [...categories] }),
  stopTracing: async () => (await browser.stopTracing()).toString("utf8"),
});

/** V8's sampling profiler: without `withTimeline` it is all that is traced, since the timeline categories add their own cost to every task. */
const samplerCategory = "disabled-by-default-v8.cpu_profiler";
const timelineCategories = ["devtools.timeline", "blink.user_timing"];

/**
 * Starts tracing with V8's sampler; `withTimeline` adds DevTools' timeline
 * (tasks, network requests, paints) for a waterfall of one short pass. With
 * `timelineOnly`, the timeline without the sampler.
 */
export const startTrace = (browser: Tracer, { withTimeline = false } = {}): Promise<void> =>
  browser.startTracing([
    "__metadata",
    ...(timelineOnly ? [] : [samplerCategory]),
    ...(timelineOnly || withTimeline ? timelineCategories : []),
  ]);

/** The fields of Chrome's trace events this summary reads. */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  id?: string;
  args?: {
    name?: string;
    data?: {
      cpuProfile?: {
        nodes?: {
          id: number;
          parent?: number;
          callFrame: { functionName?: string; url?: string; lineNumber?: number };
        }[];
        samples?: number[];
      };
      timeDeltas?: number[];
    };
  };
}

export interface ThreadProfile {
  process: string;
  thread: string;
  /** The script the thread's samples spent most time in (names a worker). */
  mainScript: string;
  sampledMs: number;
  /** Sampled ms not idle. */
  busyMs: number;
  /** Sampled ms per script (a bundle's file name, or V8's "(program)", "(garbage collector)", "(idle)"). */
  byScript: Record<string, number>;
  /** The functions with the most self time: "name (script)". */
  topFunctions: { name: string; ms: number }[];
}

/** A frame's script: a bundle's file name, "wasm <module>", or a native function's name. */
const scriptOf = (url: string, functionName: string): string => {
  if (url === "") return functionName || "(native)";
  const name = (url.split("/").at(-1) ?? url).replace(/\?.*$/, "");
  return url.startsWith("wasm://") ? `wasm ${name}` : name;
};

const topFunctionCount = 15;

/**
 * Stops the trace, writes it to `tracePath` (it opens in DevTools'
 * Performance panel) and summarises it (see summarizeTrace).
 */
export const stopTrace = async (browser: Tracer, tracePath: string): Promise<ThreadProfile[]> => {
  const text = await browser.stopTracing();
  await mkdir(path.dirname(tracePath), { recursive: true });
  await writeFile(tracePath, text);
  const parsed = JSON.parse(text) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  return summarizeTrace(Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []));
};

/** A trace's CPU profiles per thread (the page's and each worker's), the busiest first. */
export const summarizeTrace = (events: readonly TraceEvent[]): ThreadProfile[] => {
  const processNames = new Map<number, string>();
  const threadNames = new Map<string, string>();
  for (const event of events) {
    if (event.ph !== "M") continue;
    if (event.name === "process_name") processNames.set(event.pid, event.args?.name ?? "");
    if (event.name === "thread_name") {
      threadNames.set(`${String(event.pid)}:${String(event.tid)}`, event.args?.name ?? "");
    }
  }
  // A "Profile" event is emitted on the profiled thread; its chunks, on the
  // profiler's own thread, share its id.
  const profiledThread = new Map<string, number>();
  for (const event of events) {
    if (event.name === "Profile" && event.id !== undefined) {
      profiledThread.set(`${String(event.pid)}:${event.id}`, event.tid);
    }
  }
  // A profile's chunks share its id; its nodes arrive over the chunks.
  const profiles = new Map<
    string,
    {
      pid: number;
      tid: number;
      nodes: Map<number, { functionName?: string; url?: string; lineNumber?: number }>;
      selfMs: Map<number, number>;
    }
  >();
  for (const event of events) {
    if (event.name !== "ProfileChunk" || event.id === undefined) continue;
    const key = `${String(event.pid)}:${event.id}`;
    let profile = profiles.get(key);
    if (profile === undefined) {
      profile = {
        pid: event.pid,
        tid: profiledThread.get(key) ?? event.tid,
        nodes: new Map(),
        selfMs: new Map(),
      };
      profiles.set(key, profile);
    }
    const data = event.args?.data;
    for (const node of data?.cpuProfile?.nodes ?? []) profile.nodes.set(node.id, node.callFrame);
    const samples = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    // Each delta is the time since the previous sample: attribute it to this sample's node.
    samples.forEach((nodeID, index) => {
      const ms = Math.max(0, deltas[index] ?? 0) / 1000;
      profile.selfMs.set(nodeID, (profile.selfMs.get(nodeID) ?? 0) + ms);
    });
  }
  const threads = new Map<string, ThreadProfile & { functions: Map<string, number> }>();
  for (const profile of profiles.values()) {
    const threadKey = `${String(profile.pid)}:${String(profile.tid)}`;
    let thread = threads.get(threadKey);
    if (thread === undefined) {
      thread = {
        process: processNames.get(profile.pid) ?? String(profile.pid),
        thread: threadNames.get(threadKey) ?? String(profile.tid),
        mainScript: "",
        sampledMs: 0,
        busyMs: 0,
        byScript: {},
        topFunctions: [],
        functions: new Map(),
      };
      threads.set(threadKey, thread);
    }
    for (const [nodeID, ms] of profile.selfMs) {
      const frame = profile.nodes.get(nodeID);
      const functionName = frame?.functionName ?? "(unknown)";
      const script = scriptOf(frame?.url ?? "", functionName);
      thread.sampledMs += ms;
      thread.byScript[script] = (thread.byScript[script] ?? 0) + ms;
      // An anonymous function is told apart by its line (0-based in the trace).
      const line = frame?.lineNumber === undefined ? "" : `:${String(frame.lineNumber + 1)}`;
      const name = functionName ? `${functionName} (${script})` : `(anonymous) (${script}${line})`;
      thread.functions.set(name, (thread.functions.get(name) ?? 0) + ms);
    }
  }
  // V8's pseudo-frames: time, but no script to name a thread by.
  const notScripts = new Set(["(idle)", "(program)", "(garbage collector)", "(root)"]);
  return [...threads.values()]
    .map(({ functions, ...thread }) => {
      // The bundle the thread spends most time in names it (a worker's own
      // script, not the wasm or native code it calls).
      const scripts = Object.entries(thread.byScript)
        .filter(([script]) => !notScripts.has(script))
        .sort(([, a], [, b]) => b - a);
      const [mainScript] = scripts.find(([script]) => script.endsWith(".js")) ??
        scripts[0] ?? ["(none)"];
      return {
        ...thread,
        busyMs: thread.sampledMs - (thread.byScript["(idle)"] ?? 0),
        mainScript,
        topFunctions: [...functions.entries()]
          .filter(([name]) => !name.startsWith("(idle)"))
          .sort(([, a], [, b]) => b - a)
          .slice(0, topFunctionCount)
          .map(([name, ms]) => ({ name, ms })),
      };
    })
    .sort((a, b) => b.busyMs - a.busyMs);
};

/** The busiest threads of a profiled pass, one line each. */
export const describeProfile = (profile: readonly ThreadProfile[]): string[] =>
  profile
    .filter((thread) => thread.busyMs >= 100)
    .map((thread) => {
      const scripts = Object.entries(thread.byScript)
        .filter(([script, ms]) => script !== "(idle)" && ms >= 50)
        .sort(([, a], [, b]) => b - a)
        .map(([script, ms]) => `${script} ${(ms / 1000).toFixed(1)}`)
        .join(", ");
      const functions = thread.topFunctions
        .slice(0, 6)
        .map(({ name, ms }) => `${name} ${(ms / 1000).toFixed(1)}`)
        .join(", ");
      return `${thread.process}/${thread.thread} [${thread.mainScript}] busy ${(thread.busyMs / 1000).toFixed(1)} s: ${scripts}; top: ${functions}`;
    });
