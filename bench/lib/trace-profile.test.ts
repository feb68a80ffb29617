import { describe, expect, it } from "vitest";
import { type TraceEvent, summarizeTrace } from "./trace-profile";

const metadata = (name: string, pid: number, tid: number, value: string): TraceEvent => ({
  name,
  ph: "M",
  pid,
  tid,
  args: { name: value },
});

describe("summarizeTrace", () => {
  // A renderer (pid 1) whose worker thread (tid 10) is sampled by V8's
  // profiler thread (tid 99): the chunk comes from tid 99, the profile from tid 10.
  const events: TraceEvent[] = [
    metadata("process_name", 1, 0, "Renderer"),
    metadata("thread_name", 1, 10, "DedicatedWorker thread"),
    metadata("thread_name", 1, 99, "v8:ProfEvntProc"),
    { name: "Profile", ph: "P", pid: 1, tid: 10, id: "0x1" },
    {
      name: "ProfileChunk",
      ph: "P",
      pid: 1,
      tid: 99,
      id: "0x1",
      args: {
        data: {
          cpuProfile: {
            nodes: [
              { id: 1, callFrame: { functionName: "(root)" } },
              {
                id: 2,
                parent: 1,
                callFrame: { functionName: "drawn", url: "http://x/assets/media.worker-AB.js" },
              },
              { id: 3, parent: 1, callFrame: { functionName: "(idle)" } },
              { id: 4, parent: 2, callFrame: { functionName: "", url: "wasm://wasm/0011650e" } },
            ],
            samples: [2, 2, 3, 4],
          },
          timeDeltas: [1000, 1000, 5000, 3000],
        },
      },
    },
  ];

  it("attributes each sample's interval to its frame, names the thread by its bundle, and leaves idle time out of busy", () => {
    const [thread] = summarizeTrace(events);
    expect(thread).toMatchObject({
      process: "Renderer",
      thread: "DedicatedWorker thread",
      mainScript: "media.worker-AB.js",
      sampledMs: 10,
      busyMs: 5,
      byScript: { "media.worker-AB.js": 2, "(idle)": 5, "wasm 0011650e": 3 },
      topFunctions: [
        { name: "(anonymous) (wasm 0011650e)", ms: 3 },
        { name: "drawn (media.worker-AB.js)", ms: 2 },
      ],
    });
  });

  it("answers nothing for a trace without CPU profiles", () => {
    expect(summarizeTrace([metadata("process_name", 1, 0, "Renderer")])).toEqual([]);
  });
});
