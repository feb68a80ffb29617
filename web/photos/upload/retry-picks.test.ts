import { describe, expect, it } from "vitest";
import type { UploadResult } from "../../../shared/model/media/upload-outcomes";
import type { UploadTarget } from "../../../workers/upload/upload-contract";
import { retryRequests, type RunPick } from "./retry-picks";
import { finishedOf, pickOf, snapshotOf } from "./test-support/upload-runs";

const album: UploadTarget = { kind: "album", collectionID: 7 };
const perFolder: UploadTarget = { kind: "album-per-folder" };
const named: UploadTarget = { kind: "new-album", name: "Trip" };

const runPick = (name: string, folderPath = "", target: UploadTarget = album): RunPick => ({
  pick: pickOf(name, folderPath),
  target,
});

/** A snapshot whose results stand for these run picks (a nested list is one live photo). */
const resultsOf = (results: Partial<Record<UploadResult, (RunPick | [RunPick, RunPick])[]>>) =>
  snapshotOf({
    results: Object.fromEntries(
      Object.entries(results).map(([result, entries]) => [
        result,
        entries.map((entry, index) =>
          Array.isArray(entry)
            ? finishedOf(index, entry[0].pick, entry[1].pick)
            : finishedOf(index, entry.pick),
        ),
      ]),
    ),
  });

/** The requests as [target kind, ["folder/name", …]]. */
const described = (requests: ReturnType<typeof retryRequests>) =>
  requests.map(({ target, files }) => [
    target.kind === "album" ? `album ${String(target.collectionID)}` : target.kind,
    files.map(({ file, folderPath }) =>
      folderPath === "" ? file.name : `${folderPath}/${file.name}`,
    ),
  ]);

describe("retryRequests", () => {
  it("retries nothing when every file went in", () => {
    const [a, b] = [runPick("a.jpg"), runPick("b.jpg")];
    expect(retryRequests(resultsOf({ uploaded: [a], "already-uploaded": [b] }), [a, b])).toEqual(
      [],
    );
  });

  it("retries failed and blocked files, not unsupported or too large ones", () => {
    const picks = ["a.jpg", "b.jpg", "c.jpg", "d.txt", "e.mov"].map((name) => runPick(name));
    const [a, b, c, d, e] = picks as [RunPick, RunPick, RunPick, RunPick, RunPick];
    const snapshot = resultsOf({
      uploaded: [a],
      failed: [b],
      blocked: [c],
      unsupported: [d],
      "too-large": [e],
    });
    expect(described(retryRequests(snapshot, picks))).toEqual([["album 7", ["b.jpg", "c.jpg"]]]);
  });

  it("tells apart two files of one name from two folders", () => {
    const inA = runPick("IMG_1.jpg", "A", perFolder);
    const inB = runPick("IMG_1.jpg", "B", perFolder);
    expect(
      described(retryRequests(resultsOf({ uploaded: [inA], failed: [inB] }), [inA, inB])),
    ).toEqual([["album-per-folder", ["B/IMG_1.jpg"]]]);
  });

  it("retries a failed live photo as its pair, whatever its video is called", () => {
    const image = runPick("IMG_2.HEIC");
    const video = runPick("IMG_2_HEVC.MOV");
    const other = runPick("IMG_10.jpg");
    const otherVideo = runPick("IMG_10.MOV");
    const snapshot = resultsOf({ failed: [[image, video]], uploaded: [[other, otherVideo]] });
    expect(described(retryRequests(snapshot, [image, video, other, otherVideo]))).toEqual([
      ["album 7", ["IMG_2.HEIC", "IMG_2_HEVC.MOV"]],
    ]);
  });

  it("sends the Takeout metadata files of a retried file's folder with it", () => {
    const photo = runPick("IMG_1.jpg", "Takeout/Trip", perFolder);
    const sidecar = runPick("IMG_1.jpg.json", "Takeout/Trip", perFolder);
    const elsewhere = runPick("IMG_9.jpg.json", "Takeout/Home", perFolder);
    const done = runPick("IMG_2.jpg", "Takeout/Trip", perFolder);
    expect(
      described(
        retryRequests(resultsOf({ failed: [photo], uploaded: [done] }), [
          photo,
          sidecar,
          elsewhere,
          done,
        ]),
      ),
    ).toEqual([["album-per-folder", ["Takeout/Trip/IMG_1.jpg", "Takeout/Trip/IMG_1.jpg.json"]]]);
  });

  it("retries each file to the target it was sent to", () => {
    const a = runPick("a.jpg", "", album);
    const b = runPick("b.jpg", "Trip", named);
    const c = runPick("c.jpg", "Trip", named);
    expect(
      described(retryRequests(resultsOf({ failed: [c, a], uploaded: [b] }), [a, b, c])),
    ).toEqual([
      ["album 7", ["a.jpg"]],
      ["new-album", ["Trip/c.jpg"]],
    ]);
  });

  it("keeps the very picked files (the same File objects)", () => {
    const picks = [runPick("a.jpg")];
    const [request] = retryRequests(resultsOf({ failed: picks }), picks);
    expect(request?.files[0]).toBe(picks[0]?.pick);
  });
});
