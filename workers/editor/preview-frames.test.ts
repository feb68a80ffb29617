import { describe, expect, it } from "vitest";
import type { PreviewFrameOutcome } from "./editor-contract";
import { createPreviewFrames } from "./preview-frames";

const setup = (draw: (spec: string) => void = () => undefined) => {
  const callbacks: (() => void)[] = [];
  const drawn: string[] = [];
  let clockMs = 0;
  const frames = createPreviewFrames<string>({
    requestFrame: (callback) => callbacks.push(callback),
    draw: (spec) => {
      clockMs += 3;
      draw(spec);
      drawn.push(spec);
      return 1;
    },
    nowMs: () => clockMs,
  });
  /** Runs the frame callbacks asked so far, as the next animation frame does. */
  const nextFrame = () => {
    clockMs += 10;
    for (const callback of callbacks.splice(0)) callback();
  };
  return { frames, callbacks, drawn, nextFrame };
};

describe("createPreviewFrames", () => {
  it("draws only the latest of the specs asked within one frame", async () => {
    const { frames, callbacks, drawn, nextFrame } = setup();
    const answers = ["a", "b", "c"].map((spec) => frames.request(spec));
    expect(callbacks).toHaveLength(1);
    nextFrame();
    expect(drawn).toEqual(["c"]);
    const outcomes: PreviewFrameOutcome[] = await Promise.all(answers);
    expect(outcomes.map(({ kind }) => kind)).toEqual(["superseded", "superseded", "drawn"]);
    expect(outcomes[2]).toEqual({ kind: "drawn", drawnAtMs: 13, drawMs: 3, canvasScale: 1 });
  });

  it("asks for no frame when nothing waits, and one per frame while specs come", () => {
    const { frames, callbacks, drawn, nextFrame } = setup();
    nextFrame();
    expect(callbacks).toHaveLength(0);
    void frames.request("a");
    nextFrame();
    void frames.request("b");
    void frames.request("c");
    nextFrame();
    nextFrame();
    expect(drawn).toEqual(["a", "c"]);
    expect(callbacks).toHaveLength(0);
  });

  it("draws the last spec again on a redraw (after a resize)", () => {
    const { frames, drawn, nextFrame } = setup();
    void frames.request("a");
    nextFrame();
    frames.redraw();
    nextFrame();
    expect(drawn).toEqual(["a", "a"]);
  });

  it("on a redraw with a spec waiting, draws that spec once", () => {
    const { frames, drawn, callbacks, nextFrame } = setup();
    void frames.request("a");
    frames.redraw();
    expect(callbacks).toHaveLength(1);
    nextFrame();
    expect(drawn).toEqual(["a"]);
  });

  it("answers the waiting spec superseded when stopped, and draws nothing after", async () => {
    const { frames, drawn, nextFrame } = setup();
    const waiting = frames.request("a");
    frames.stop();
    nextFrame();
    await expect(waiting).resolves.toEqual({ kind: "superseded" });
    await expect(frames.request("b")).resolves.toEqual({ kind: "superseded" });
    nextFrame();
    expect(drawn).toEqual([]);
  });

  it("rejects the spec whose draw failed, and draws the next one", async () => {
    const { frames, drawn, nextFrame } = setup((spec) => {
      if (spec === "bad") throw new Error("lost");
    });
    const failed = frames.request("bad");
    nextFrame();
    await expect(failed).rejects.toThrow("lost");
    void frames.request("good");
    nextFrame();
    expect(drawn).toEqual(["good"]);
  });
});
