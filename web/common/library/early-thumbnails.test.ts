import { describe, expect, it } from "vitest";
import type { ThumbnailURLResult } from "../../../workers/gallery/gallery-contract";
import { EarlyThumbnails } from "./early-thumbnails";

/** A worker's `thumbnails` that records every call and answers each file with a URL. */
const recordingCall = () => {
  const calls: number[][] = [];
  const call = (fileIDs: readonly number[]): Promise<ThumbnailURLResult[]> => {
    calls.push([...fileIDs]);
    return Promise.resolve(
      fileIDs.map((fileID) => ({ fileID, ok: true, url: `data:image/jpeg;base64,${fileID}` })),
    );
  };
  return { calls, call };
};

const urls = (results: ThumbnailURLResult[]) =>
  results.map((result) => (result.ok ? result.url : result.errorName));

describe("the first screen's thumbnails asked early", () => {
  it("answer the grid's first calls for them without asking the worker again", async () => {
    const { calls, call } = recordingCall();
    const early = new EarlyThumbnails();
    early.ask([5, 4, 3], call);
    expect(calls).toEqual([[5, 4, 3]]);

    expect(urls(await early.take([5, 4], call))).toEqual([
      "data:image/jpeg;base64,5",
      "data:image/jpeg;base64,4",
    ]);
    expect(calls).toHaveLength(1);
  });

  it("are taken once: a later call for the same file asks the worker", async () => {
    const { calls, call } = recordingCall();
    const early = new EarlyThumbnails();
    early.ask([5], call);
    await early.take([5], call);
    await early.take([5], call);
    expect(calls).toEqual([[5], [5]]);
  });

  it("ask the worker only for the files not asked early, in the order asked", async () => {
    const { calls, call } = recordingCall();
    const early = new EarlyThumbnails();
    early.ask([5, 4], call);
    expect(urls(await early.take([9, 5, 8], call))).toEqual([
      "data:image/jpeg;base64,9",
      "data:image/jpeg;base64,5",
      "data:image/jpeg;base64,8",
    ]);
    expect(calls).toEqual([
      [5, 4],
      [9, 8],
    ]);
  });

  it("say which files are asked early and not taken yet", async () => {
    const { call } = recordingCall();
    const early = new EarlyThumbnails();
    early.ask([5, 4], call);
    expect([5, 4, 3].map((fileID) => early.has(fileID))).toEqual([true, true, false]);
    await early.take([5], call);
    expect([5, 4].map((fileID) => early.has(fileID))).toEqual([false, true]);
    early.clear();
    expect(early.has(4)).toBe(false);
  });

  it("are dropped once cleared", async () => {
    const { calls, call } = recordingCall();
    const early = new EarlyThumbnails();
    early.ask([5], call);
    early.clear();
    await early.take([5], call);
    expect(calls).toEqual([[5], [5]]);
  });

  it("report a failed early call to the call that takes it, and to nobody else", async () => {
    const early = new EarlyThumbnails();
    early.ask([5], () => Promise.reject(new Error("The worker stopped")));
    early.ask([6], () => Promise.reject(new Error("The worker stopped")));
    await expect(early.take([5], () => Promise.resolve([]))).rejects.toThrow("The worker stopped");
  });
});
