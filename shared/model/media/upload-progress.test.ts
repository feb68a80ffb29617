import { describe, expect, it } from "vitest";
import { UploadPhase, UploadResult } from "./upload-outcomes";
import { UploadProgress, allWentIn } from "./upload-progress";

const MB = 1_000_000;

const runOf = (sizes: number[]) => {
  const progress = new UploadProgress();
  progress.add(
    sizes.map((sizeBytes, index) => ({
      id: index + 1,
      name: `f${String(index + 1)}`,
      sizeBytes,
      pickIDs: [100 + index + 1],
    })),
  );
  return progress;
};

describe("UploadProgress", () => {
  it("moves the overall bar by bytes: a large video counts more than a photo", () => {
    const progress = runOf([1_000 * MB, 1 * MB]);
    progress.setPhase(UploadPhase.uploading);
    progress.sent(1, 500 * MB);
    expect(progress.snapshot().overallPercent).toBe(49);
    progress.finish(2, UploadResult.uploaded);
    expect(progress.snapshot().overallPercent).toBe(50);
    expect(progress.snapshot().inProgress).toEqual([{ id: 1, name: "f1", percent: 50 }]);
  });

  it("gives every file a floor weight so a run of tiny files moves steadily", () => {
    const progress = runOf([10, 10, 10, 10]);
    progress.finish(1, UploadResult.uploaded);
    expect(progress.snapshot().overallPercent).toBe(25);
  });

  it("never shows 100 % before the run has finished, and 100 % once it has", () => {
    const progress = runOf([MB]);
    progress.finish(1, UploadResult.uploaded);
    expect(progress.snapshot().overallPercent).toBe(99);
    progress.setPhase(UploadPhase.finish);
    expect(progress.snapshot().overallPercent).toBe(100);
  });

  it("groups finished files by result with their reasons, in the summary's order", () => {
    const progress = runOf([MB, MB, MB]);
    progress.finish(1, UploadResult.uploaded);
    progress.finish(2, UploadResult.unsupported, "unsupportedFileFormat");
    progress.finish(3, UploadResult.alreadyUploaded);
    const { results, finishedCount, totalCount } = progress.snapshot();
    expect(Object.keys(results)).toEqual(Object.values(UploadResult));
    expect(results.unsupported).toEqual([
      { id: 2, name: "f2", pickIDs: [102], errorKey: "unsupportedFileFormat" },
    ]);
    expect([finishedCount, totalCount]).toEqual([3, 3]);
    expect(allWentIn(progress.snapshot())).toBe(false);
  });

  it("names the file each result is about, when the server has one", () => {
    const progress = runOf([MB, MB, MB]);
    progress.finish(1, UploadResult.uploaded, undefined, 501);
    progress.finish(2, UploadResult.alreadyUploaded, undefined, 77);
    progress.finish(3, UploadResult.failed, "networkError");
    const { results } = progress.snapshot();
    expect(results.uploaded).toEqual([{ id: 1, name: "f1", pickIDs: [101], fileID: 501 }]);
    expect(results["already-uploaded"]).toEqual([
      { id: 2, name: "f2", pickIDs: [102], fileID: 77 },
    ]);
    expect(results.failed).toEqual([
      { id: 3, name: "f3", pickIDs: [103], errorKey: "networkError" },
    ]);
  });

  it("forgets a file dropped by a cancel: it is neither counted nor listed", () => {
    const progress = runOf([MB, MB]);
    progress.finish(1, UploadResult.uploaded);
    progress.sent(2, MB / 2);
    progress.forget(2);
    const snapshot = progress.snapshot();
    expect(snapshot.totalCount).toBe(1);
    expect(snapshot.inProgress).toEqual([]);
    expect(allWentIn(snapshot)).toBe(true);
  });

  it("keeps the first result of a file", () => {
    const progress = runOf([MB]);
    progress.finish(1, UploadResult.uploaded);
    progress.finish(1, UploadResult.failed);
    expect(progress.snapshot().results.failed).toEqual([]);
  });

  it("counts a live photo's image and video as one file of both sizes, standing for both picks", () => {
    const progress = runOf([MB, 3 * MB, 4 * MB]);
    progress.merge(1, 2);
    expect(progress.snapshot().totalCount).toBe(2);
    progress.finish(1, UploadResult.uploaded);
    expect(progress.snapshot().overallPercent).toBe(50);
    expect(progress.snapshot().results.uploaded).toEqual([
      { id: 1, name: "f1", pickIDs: [101, 102] },
    ]);
  });
});
