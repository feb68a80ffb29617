import { describe, expect, it, vi } from "vitest";
import { UploadPhase } from "../../../shared/model/media/upload-outcomes";
import type { RunPick } from "./retry-picks";
import {
  idleUploadRun,
  isRunOnItsWay,
  nextUploadRun,
  runIDForRequest,
  UploadRunStore,
  type UploadRunEvent,
  type UploadRunState,
} from "./upload-run";
import { pickOf, snapshotOf } from "./test-support/upload-runs";

const picks = (...names: string[]): RunPick[] =>
  names.map((name) => ({ pick: pickOf(name), target: { kind: "album", collectionID: 7 } }));

const uploading = snapshotOf({ phase: UploadPhase.uploading, totalCount: 2 });
const done = snapshotOf({ phase: UploadPhase.finish, totalCount: 2, finishedCount: 2 });

const after = (...events: UploadRunEvent[]): UploadRunState =>
  events.reduce(nextUploadRun, idleUploadRun);

const names = (state: UploadRunState) => state.picks.map(({ pick }) => pick.file.name);

describe("the page's upload run", () => {
  it("starts a run shown in the panel, with the request's picks", () => {
    const state = after({ kind: "requested", picks: picks("a.jpg") });
    expect(state).toMatchObject({ runID: 1, pendingCount: 1, closed: false, snapshot: undefined });
    expect(isRunOnItsWay(state)).toBe(true);
    expect(names(state)).toEqual(["a.jpg"]);
  });

  it("joins a request made while the run is on its way, and ends when both are answered", () => {
    const joined = after(
      { kind: "requested", picks: picks("a.jpg") },
      { kind: "progress", runID: 1, snapshot: uploading },
      { kind: "requested", picks: picks("b.jpg") },
    );
    expect(runIDForRequest(joined)).toBe(1);
    expect(joined).toMatchObject({ runID: 1, pendingCount: 2, snapshot: uploading });
    expect(names(joined)).toEqual(["a.jpg", "b.jpg"]);
    const oneAnswered = nextUploadRun(joined, { kind: "answered", runID: 1, snapshot: done });
    expect(isRunOnItsWay(oneAnswered)).toBe(true);
    const ended = nextUploadRun(oneAnswered, { kind: "answered", runID: 1, snapshot: done });
    expect(isRunOnItsWay(ended)).toBe(false);
    expect(ended.snapshot).toBe(done);
  });

  it("starts afresh after a run ended, and ignores the old run's late snapshots", () => {
    const ended = after(
      { kind: "requested", picks: picks("a.jpg") },
      { kind: "answered", runID: 1, snapshot: done },
    );
    expect(runIDForRequest(ended)).toBe(2);
    const next = nextUploadRun(ended, { kind: "requested", picks: picks("b.jpg") });
    expect(next).toMatchObject({ runID: 2, snapshot: undefined, pendingCount: 1 });
    expect(names(next)).toEqual(["b.jpg"]);
    expect(nextUploadRun(next, { kind: "progress", runID: 1, snapshot: uploading })).toBe(next);
    expect(nextUploadRun(next, { kind: "answered", runID: 1, snapshot: done })).toBe(next);
  });

  it("marks a run whose request failed outright as interrupted", () => {
    const state = after(
      { kind: "requested", picks: picks("a.jpg") },
      { kind: "progress", runID: 1, snapshot: uploading },
      { kind: "failed", runID: 1 },
    );
    expect(state).toMatchObject({ pendingCount: 0, interrupted: true, snapshot: uploading });
  });

  it("closes only an ended run", () => {
    const running = after({ kind: "requested", picks: picks("a.jpg") });
    expect(nextUploadRun(running, { kind: "closed" })).toBe(running);
    const closed = after(
      { kind: "requested", picks: picks("a.jpg") },
      { kind: "answered", runID: 1, snapshot: done },
      { kind: "closed" },
    );
    expect(closed).toMatchObject({ closed: true, picks: [] });
  });

  it("tells the store's listeners of each change, synchronously", () => {
    const store = new UploadRunStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.dispatch({ kind: "requested", picks: picks("a.jpg") });
    store.dispatch({ kind: "requested", picks: picks("b.jpg") });
    expect(store.getState()).toMatchObject({ runID: 1, pendingCount: 2 });
    store.dispatch({ kind: "progress", runID: 9, snapshot: uploading });
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    store.dispatch({ kind: "answered", runID: 1, snapshot: done });
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
