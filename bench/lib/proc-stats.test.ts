import { describe, expect, it } from "vitest";
import { type CpuSnapshot, cpuBreakdown, parseStat, processTypeOf } from "./proc-stats";

describe("parseStat", () => {
  it("reads the parent, the name and user plus system time, whatever the name holds", () => {
    // Fields: pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime …
    const line =
      "4242 (Web Content (x) 2) S 4100 4242 4242 0 -1 4194304 10 0 0 0 150 25 0 0 20 0 9";
    expect(parseStat(line)).toEqual({
      pid: 4242,
      ppid: 4100,
      comm: "Web Content (x) 2",
      cpuTicks: 175,
    });
  });

  it("answers nothing for a line without a name", () => {
    expect(parseStat("garbage")).toBeUndefined();
  });
});

describe("processTypeOf", () => {
  it.each([
    [["/usr/lib/chromium/chromium", "--headless", "--remote-debugging-pipe"], "browser"],
    [["/usr/lib/chromium/chromium", "--type=renderer", "--lang=en-US"], "renderer"],
    [
      ["/usr/lib/chromium/chromium", "--type=renderer", "--top-chrome-webui"],
      "renderer:top-chrome-webui",
    ],
    [["/usr/lib/chromium/chromium", "--type=gpu-process"], "gpu-process"],
    [
      [
        "/usr/lib/chromium/chromium",
        "--type=utility",
        "--utility-sub-type=network.mojom.NetworkService",
      ],
      "utility:network.mojom.NetworkService",
    ],
    [["/usr/lib/chromium/chrome_crashpad_handler", "--monitor-self"], "crashpad"],
  ])("%j is a %s", (argv, type) => {
    expect(processTypeOf(argv)).toBe(type);
  });
});

describe("cpuBreakdown", () => {
  const snapshot = (overrides: Partial<CpuSnapshot>): CpuSnapshot => ({
    chromium: [],
    nodeCpuMicros: 0,
    machine: { busy: 0, idle: 0, steal: 0 },
    atMs: 0,
    ...overrides,
  });

  it("gives each process type's CPU seconds by thread, with what ended threads spent", () => {
    const before = snapshot({
      chromium: [
        {
          pid: 10,
          type: "renderer",
          cpuTicks: 100,
          threads: { CrRendererMain: 60, DedicatedWorker: 40 },
        },
      ],
      nodeCpuMicros: 1_000_000,
      machine: { busy: 1000, idle: 1000, steal: 0 },
      atMs: 1000,
    });
    const after = snapshot({
      chromium: [
        // The renderer's worker thread that spent 150 ticks has ended since.
        {
          pid: 10,
          type: "renderer",
          cpuTicks: 400,
          threads: { CrRendererMain: 110, DedicatedWorker: 140 },
        },
        { pid: 11, type: "gpu-process", cpuTicks: 30, threads: { VizCompositorTh: 30 } },
      ],
      nodeCpuMicros: 3_500_000,
      machine: { busy: 1300, idle: 1080, steal: 20 },
      atMs: 5000,
    });
    expect(cpuBreakdown(before, after)).toEqual({
      wallSeconds: 4,
      chromium: [
        {
          type: "renderer",
          cpuSeconds: 3,
          threads: { CrRendererMain: 0.5, DedicatedWorker: 1, "(ended threads)": 1.5 },
        },
        { type: "gpu-process", cpuSeconds: 0.3, threads: { VizCompositorTh: 0.3 } },
      ],
      nodeCpuSeconds: 2.5,
      machineBusyShare: 0.75,
      machineStealShare: 0.05,
    });
  });
});
