import { describe, expect, it } from "vitest";
import { CairnError, StorageQuotaExceededError } from "../../shared/model/errors";
import { UploadPhase, UploadResult } from "../../shared/model/media/upload-outcomes";
import { UploadProgress } from "../../shared/model/media/upload-progress";
import { type UnitContext, type UnitOutcome, runLanes } from "./upload-lanes";

interface Unit {
  id: number;
  name: string;
}

const unitsOf = (count: number): Unit[] =>
  Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    name: `IMG_${String(index + 1)}.jpg`,
  }));

const progressOf = (units: readonly Unit[]) => {
  const progress = new UploadProgress();
  progress.add(units.map((unit) => ({ ...unit, sizeBytes: 1_000_000 })));
  progress.setPhase(UploadPhase.uploading);
  return progress;
};

/** A unit that waits until the test lets it go (or its signal aborts, as a real upload does). */
const gate = () => {
  const waiting = new Map<number, (outcome: UnitOutcome) => void>();
  const started: number[] = [];
  const process = (unit: Unit, { signal }: UnitContext) =>
    new Promise<UnitOutcome>((resolve, reject) => {
      started.push(unit.id);
      waiting.set(unit.id, resolve);
      signal.addEventListener("abort", () => {
        reject(new CairnError("uploadCancelled"));
      });
    });
  const release = (id: number, result: UploadResult = UploadResult.uploaded) => {
    waiting.get(id)?.({ result });
  };
  return { process, release, started };
};

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const names = (list: { name: string }[]) => list.map((entry) => entry.name);

describe("runLanes", () => {
  it("uploads at most four units at once and takes the next as one finishes", async () => {
    const units = unitsOf(6);
    const { process, release, started } = gate();
    const run = runLanes({
      units,
      progress: progressOf(units),
      process,
      signal: new AbortController().signal,
    });
    await settle();
    expect(started).toEqual([1, 2, 3, 4]);
    release(2);
    await settle();
    expect(started).toEqual([1, 2, 3, 4, 5]);
    for (const id of [1, 3, 4, 5]) release(id);
    await settle();
    release(6);
    await expect(run).resolves.toEqual({ cancelled: false, endedBy: undefined });
  });

  it("reports each unit's result with its file, and a thrown error through the upload mapping", async () => {
    const units = unitsOf(3);
    const progress = progressOf(units);
    await runLanes({
      units,
      progress,
      signal: new AbortController().signal,
      process: (unit) => {
        if (unit.id === 2) return Promise.reject(new CairnError("unsupportedFileFormat"));
        if (unit.id === 3) return Promise.reject(new CairnError("etagMissing"));
        return Promise.resolve({ result: UploadResult.uploaded, fileID: 9001 });
      },
    });
    const { results } = progress.snapshot();
    expect(results.uploaded).toEqual([{ id: 1, name: "IMG_1.jpg", pickIDs: [], fileID: 9001 }]);
    expect(results.unsupported).toEqual([
      { id: 2, name: "IMG_2.jpg", pickIDs: [], errorKey: "unsupportedFileFormat" },
    ]);
    expect(results.blocked).toEqual([
      { id: 3, name: "IMG_3.jpg", pickIDs: [], errorKey: "etagMissing" },
    ]);
  });

  it("drops the units in flight and the queued ones on cancel, keeping those already done", async () => {
    const units = unitsOf(6);
    const progress = progressOf(units);
    const cancel = new AbortController();
    const { process, release } = gate();
    const run = runLanes({ units, progress, process, signal: cancel.signal });
    await settle();
    release(1);
    await settle();
    cancel.abort();
    await expect(run).resolves.toMatchObject({ cancelled: true });
    const snapshot = progress.snapshot();
    expect(snapshot.phase).toBe(UploadPhase.cancelling);
    expect(snapshot.cancelled).toBe(true);
    expect(names(snapshot.results.uploaded)).toEqual(["IMG_1.jpg"]);
    expect(snapshot.results.failed).toEqual([]);
    expect(snapshot.totalCount).toBe(1);
    expect(snapshot.inProgress).toEqual([]);
  });

  it("stops the run at a full storage: that file did not fit, the others failed with the reason", async () => {
    const units = unitsOf(6);
    const progress = progressOf(units);
    const { process, release, started } = gate();
    const refusal: { now?: () => void } = {};
    const refused = new Promise<void>((resolve) => {
      refusal.now = resolve;
    });
    const run = runLanes({
      units,
      progress,
      signal: new AbortController().signal,
      process: async (unit, context) => {
        if (unit.id !== 3) return process(unit, context);
        await refused;
        throw new StorageQuotaExceededError({ status: 426 });
      },
    });
    await settle();
    release(1);
    await settle();
    refusal.now?.();
    await expect(run).resolves.toEqual({ cancelled: false, endedBy: "storageQuotaExceeded" });
    expect(started).not.toContain(6);
    const { results, endedBy } = progress.snapshot();
    expect(endedBy).toBe("storageQuotaExceeded");
    expect(names(results.uploaded)).toEqual(["IMG_1.jpg"]);
    expect(results["larger-than-available-storage"]).toEqual([
      { id: 3, name: "IMG_3.jpg", pickIDs: [], errorKey: "storageQuotaExceeded" },
    ]);
    expect(names(results.failed).sort()).toEqual([
      "IMG_2.jpg",
      "IMG_4.jpg",
      "IMG_5.jpg",
      "IMG_6.jpg",
    ]);
    expect(results.failed.every((entry) => entry.errorKey === "storageQuotaExceeded")).toBe(true);
  });

  it("shows each unit's percentage while it sends", async () => {
    const units = unitsOf(1);
    const progress = progressOf(units);
    const seen: number[] = [];
    await runLanes({
      units,
      progress,
      signal: new AbortController().signal,
      onChange: () => {
        const [entry] = progress.snapshot().inProgress;
        if (entry !== undefined) seen.push(entry.percent);
      },
      process: (_unit, { onSent }) => {
        onSent(250_000);
        onSent(1_000_000);
        return Promise.resolve({ result: UploadResult.uploaded });
      },
    });
    expect(seen).toEqual([0, 25, 100]);
  });
});
