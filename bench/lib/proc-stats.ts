// What Linux's /proc tells of the Chromium the bench drives: its processes
// (the browser, renderers, the GPU and utility processes such as the network
// service), their memory and CPU time, and the machine's CPU time (including
// time stolen by the hypervisor: the machine is shared).
//
// Reads are synchronous: each is a few microseconds of the kernel's time,
// and asynchronous reads would queue behind the server's file writes in
// libuv's thread pool, delaying the samples by seconds while it is busy.

import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";

/** procfs reports CPU time in clock ticks of USER_HZ, which is 100 on every Linux ABI Node runs on. */
const ticksPerSecond = 100;

export interface ProcStat {
  pid: number;
  ppid: number;
  /** The thread's or process's name (at most 15 characters). */
  comm: string;
  /** User plus system CPU time, in ticks. */
  cpuTicks: number;
}

/** Parses /proc/<pid>/stat (or a task's): the name is in parentheses and may hold spaces. */
export const parseStat = (text: string): ProcStat | undefined => {
  const open = text.indexOf("(");
  const close = text.lastIndexOf(")");
  if (open < 0 || close < open) return undefined;
  // Fields after the name, from field 3 (state): ppid is field 4, utime 14, stime 15.
  const fields = text.slice(close + 2).split(" ");
  const number = (field: number) => Number(fields[field - 3] ?? "NaN");
  return {
    pid: Number(text.slice(0, open).trim()),
    ppid: number(4),
    comm: text.slice(open + 1, close),
    cpuTicks: number(14) + number(15),
  };
};

/** A /proc file's text, or undefined when it is gone (its process ended). */
const readProc = (file: string): string | undefined => {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
};

const statOf = (file: string): ProcStat | undefined => {
  const text = readProc(file);
  return text === undefined ? undefined : parseStat(text);
};

export interface ChromiumProcess {
  pid: number;
  /**
   * "browser", "renderer", "renderer:top-chrome-webui" (the browser's own
   * UI, such as the omnibox popup, not a page), "gpu-process", "zygote",
   * "crashpad", or "utility:<service>" (e.g. utility:network.mojom.NetworkService).
   */
  type: string;
  cpuTicks: number;
}

/** A Chromium process's type from its arguments. See ChromiumProcess.type. */
export const processTypeOf = (argv: readonly string[]): string => {
  const option = (name: string) =>
    argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
  if (path.basename(argv[0] ?? "").includes("crashpad")) return "crashpad";
  const type = option("type");
  if (type === undefined) return "browser";
  if (type === "utility") return `utility:${option("utility-sub-type") ?? "unknown"}`;
  if (type === "renderer" && argv.includes("--top-chrome-webui"))
    return "renderer:top-chrome-webui";
  return type;
};

/**
 * The Chromium processes descended from this Node process (the bench
 * launched them): processes whose program is Chromium's (Debian's
 * /usr/lib/chromium/chromium and its crashpad handler), not the other
 * children of the bench (Vite's esbuild, ffmpeg).
 */
export const chromiumProcesses = (rootPid = process.pid): ChromiumProcess[] => {
  const children = new Map<number, ProcStat[]>();
  for (const name of readdirSync("/proc")) {
    if (!/^[0-9]+$/.test(name)) continue;
    const stat = statOf(`/proc/${name}/stat`);
    if (stat === undefined) continue;
    children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), stat]);
  }
  const found: ChromiumProcess[] = [];
  const queue = [...(children.get(rootPid) ?? [])];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    queue.push(...(children.get(next.pid) ?? []));
    // Chromium's child processes rewrite their command line as one string
    // (arguments separated by spaces): split on both.
    const argv = readProc(`/proc/${String(next.pid)}/cmdline`)?.split(/[\0 ]/) ?? [];
    if (!/chrom/i.test(path.basename(argv[0] ?? ""))) continue;
    found.push({ pid: next.pid, type: processTypeOf(argv), cpuTicks: next.cpuTicks });
  }
  return found;
};

const kBField = (text: string | undefined, field: string): number => {
  const match = new RegExp(`^${field}:\\s+([0-9]+) kB`, "m").exec(text ?? "");
  return match?.[1] === undefined ? 0 : Number(match[1]) * 1024;
};

/** Resident set size: counts pages shared with other processes in each of them. 0 once ended. */
export const rssBytesOf = (pid: number): number =>
  kBField(readProc(`/proc/${String(pid)}/status`), "VmRSS");

/**
 * Proportional set size: shared pages split between their processes, so
 * PSS adds up. Walks the process's page tables: several milliseconds for a
 * renderer, so it is read less often than the RSS.
 */
export const pssBytesOf = (pid: number): number =>
  kBField(readProc(`/proc/${String(pid)}/smaps_rollup`), "Pss");

/** The machine's CPU time, in ticks summed over its cores, from /proc/stat's first line. */
export interface MachineCpuTicks {
  busy: number;
  idle: number;
  /** Time the hypervisor ran someone else while this machine wanted the CPU. */
  steal: number;
}

export const machineCpuTicks = (): MachineCpuTicks => {
  const line = (readProc("/proc/stat") ?? "").split("\n")[0] ?? "";
  // cpu user nice system idle iowait irq softirq steal guest guest_nice
  const [user, nice, system, idle, iowait, irq, softirq, steal] = line
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return {
    busy: (user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0),
    idle: (idle ?? 0) + (iowait ?? 0),
    steal: steal ?? 0,
  };
};

/**
 * Threads counted one by one rather than summed under their name: each
 * dedicated worker thread runs one of our workers (sync, crypto, media…),
 * and which one is busiest is the question a profile-free run must answer.
 */
const threadsKeptApart = new Set(["DedicatedWorker"]);

/** The thread names of a process with each one's CPU ticks (threads of one name summed, except `threadsKeptApart`, keyed "name tid"). */
const threadTicksOf = (pid: number): Record<string, number> => {
  let tasks: string[] = [];
  try {
    tasks = readdirSync(`/proc/${String(pid)}/task`);
  } catch {
    return {};
  }
  const byName: Record<string, number> = {};
  for (const tid of tasks) {
    const stat = statOf(`/proc/${String(pid)}/task/${tid}/stat`);
    if (stat === undefined) continue;
    const key = threadsKeptApart.has(stat.comm) ? `${stat.comm} ${tid}` : stat.comm;
    byName[key] = (byName[key] ?? 0) + stat.cpuTicks;
  }
  return byName;
};

/** CPU time so far: Chromium's processes and threads, this Node process (the bench and the server), the machine. */
export interface CpuSnapshot {
  chromium: { pid: number; type: string; cpuTicks: number; threads: Record<string, number> }[];
  nodeCpuMicros: number;
  machine: MachineCpuTicks;
  atMs: number;
}

export const cpuSnapshot = (): CpuSnapshot => {
  const chromium = chromiumProcesses().map((found) => ({
    ...found,
    threads: threadTicksOf(found.pid),
  }));
  const node = process.cpuUsage();
  return {
    chromium,
    nodeCpuMicros: node.user + node.system,
    machine: machineCpuTicks(),
    atMs: performance.now(),
  };
};

/** CPU seconds spent between two snapshots, by where they went. */
export interface CpuBreakdown {
  wallSeconds: number;
  /**
   * Per Chromium process type, with its threads by name (a thread that
   * ended meanwhile, such as a terminated worker's, counts under "(ended
   * threads)"). A renderer's main thread keeps the zygote's name, "chromium".
   */
  chromium: { type: string; cpuSeconds: number; threads: Record<string, number> }[];
  /** The bench's Node process: the Cairn server (HTTP, SQLite, object files) and the driver. */
  nodeCpuSeconds: number;
  /** Share of the machine's CPU time busy, and stolen by the hypervisor, over the interval. */
  machineBusyShare: number;
  machineStealShare: number;
}

const seconds = (ticks: number) => ticks / ticksPerSecond;

export const cpuBreakdown = (before: CpuSnapshot, after: CpuSnapshot): CpuBreakdown => {
  const byType = new Map<string, { cpuSeconds: number; threads: Record<string, number> }>();
  for (const now of after.chromium) {
    const then = before.chromium.find((earlier) => earlier.pid === now.pid);
    const entry = byType.get(now.type) ?? { cpuSeconds: 0, threads: {} };
    const processTicks = now.cpuTicks - (then?.cpuTicks ?? 0);
    entry.cpuSeconds += seconds(processTicks);
    let threadTicks = 0;
    for (const [name, ticks] of Object.entries(now.threads)) {
      const spent = ticks - (then?.threads[name] ?? 0);
      threadTicks += spent;
      entry.threads[name] = (entry.threads[name] ?? 0) + seconds(spent);
    }
    const ended = processTicks - threadTicks;
    if (ended > 0) {
      entry.threads["(ended threads)"] = (entry.threads["(ended threads)"] ?? 0) + seconds(ended);
    }
    byType.set(now.type, entry);
  }
  const total = (ticks: MachineCpuTicks) => ticks.busy + ticks.idle + ticks.steal;
  const machineTicks = Math.max(1, total(after.machine) - total(before.machine));
  return {
    wallSeconds: (after.atMs - before.atMs) / 1000,
    chromium: [...byType.entries()]
      .map(([type, entry]) => ({ type, ...entry }))
      .sort((a, b) => b.cpuSeconds - a.cpuSeconds),
    nodeCpuSeconds: (after.nodeCpuMicros - before.nodeCpuMicros) / 1e6,
    machineBusyShare: (after.machine.busy - before.machine.busy) / machineTicks,
    machineStealShare: (after.machine.steal - before.machine.steal) / machineTicks,
  };
};

/** A breakdown in one line: each Chromium process and its busiest threads, Node, the machine. */
export const describeCpuBreakdown = (cpu: CpuBreakdown): string =>
  [
    ...cpu.chromium
      .filter((entry) => entry.cpuSeconds >= 0.05)
      .map((entry) => {
        const threads = Object.entries(entry.threads)
          .filter(([, seconds]) => seconds >= 0.05)
          .sort(([, a], [, b]) => b - a)
          .map(([name, seconds]) => `${name} ${seconds.toFixed(1)}`)
          .join(", ");
        return `${entry.type} ${entry.cpuSeconds.toFixed(1)} s (${threads})`;
      }),
    `server and bench (Node) ${cpu.nodeCpuSeconds.toFixed(1)} s`,
    `machine busy ${(cpu.machineBusyShare * 100).toFixed(0)} %, stolen ${(cpu.machineStealShare * 100).toFixed(1)} %`,
  ].join("; ");
