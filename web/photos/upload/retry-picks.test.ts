import { describe, expect, it } from "vitest";
import type { UploadTarget } from "../../../workers/upload/upload-contract";
import { retryRequests, type RunPick } from "./retry-picks";
import { pickOf, snapshotOf } from "./upload-test-support";

const album: UploadTarget = { kind: "album", collectionID: 7 };
const perFolder: UploadTarget = { kind: "album-per-folder" };
const named: UploadTarget = { kind: "new-album", name: "Trip" };

const runPick = (name: string, folderPath = "", target: UploadTarget = album): RunPick => ({
  pick: pickOf(name, folderPath),
  target,
});

const finished = (...names: string[]) => names.map((name, id) => ({ id, name }));

/** The requests as [target kind, ["folder/name", …]]. */
const described = (requests: ReturnType<typeof retryRequests>) =>
  requests.map(({ target, files }) => [
    target.kind === "album" ? `album ${String(target.collectionID)}` : target.kind,
    files.map(({ file, folderPath }) =>
      folderPath === "" ? file.name : `${folderPath}/${file.name}`,
    ),
  ]);

describe("retryRequests", () => {
  it.each<[string, RunPick[], Parameters<typeof snapshotOf>[0], (string | string[])[][]]>([
    [
      "nothing to retry when every file went in",
      [runPick("a.jpg"), runPick("b.jpg")],
      { results: { uploaded: finished("a.jpg"), "already-uploaded": finished("b.jpg") } },
      [],
    ],
    [
      "only failed and blocked files, not unsupported or too large ones",
      [runPick("a.jpg"), runPick("b.jpg"), runPick("c.jpg"), runPick("d.txt"), runPick("e.mov")],
      {
        results: {
          uploaded: finished("a.jpg"),
          failed: finished("b.jpg"),
          blocked: finished("c.jpg"),
          unsupported: finished("d.txt"),
          "too-large": finished("e.mov"),
        },
      },
      [["album 7", ["b.jpg", "c.jpg"]]],
    ],
    [
      "both files of one name when one of them failed",
      [runPick("IMG_1.jpg", "A", perFolder), runPick("IMG_1.jpg", "B", perFolder)],
      { results: { uploaded: finished("IMG_1.jpg"), failed: finished("IMG_1.jpg") } },
      [["album-per-folder", ["A/IMG_1.jpg", "B/IMG_1.jpg"]]],
    ],
    [
      "a failed live photo's video (reported under the image's name) goes with it",
      [
        runPick("IMG_1.HEIC"),
        runPick("IMG_1.MOV"),
        runPick("IMG_2.HEIC"),
        runPick("IMG_2_HEVC.MOV"),
        runPick("PXL_3.MP.jpg"),
        runPick("PXL_3.MP"),
        runPick("IMG_10.jpg"),
        runPick("IMG_10.MOV"),
      ],
      {
        results: {
          failed: finished("IMG_1.HEIC", "IMG_2.HEIC", "PXL_3.MP.jpg"),
          uploaded: finished("IMG_10.jpg"),
        },
      },
      [
        [
          "album 7",
          ["IMG_1.HEIC", "IMG_1.MOV", "IMG_2.HEIC", "IMG_2_HEVC.MOV", "PXL_3.MP.jpg", "PXL_3.MP"],
        ],
      ],
    ],
    [
      "a companion must sit in the same folder and be reported nowhere",
      [runPick("IMG_1.jpg", "A"), runPick("IMG_1.mov", "B"), runPick("IMG_1.png", "A")],
      { results: { failed: finished("IMG_1.jpg"), uploaded: finished("IMG_1.png") } },
      [["album 7", ["A/IMG_1.jpg"]]],
    ],
    [
      "each file to the target it was sent to",
      [
        runPick("a.jpg", "", album),
        runPick("b.jpg", "Trip", named),
        runPick("c.jpg", "Trip", named),
      ],
      { results: { failed: finished("c.jpg", "a.jpg"), uploaded: finished("b.jpg") } },
      [
        ["album 7", ["a.jpg"]],
        ["new-album", ["Trip/c.jpg"]],
      ],
    ],
  ])("%s", (_label, picks, snapshot, expected) => {
    expect(described(retryRequests(snapshotOf(snapshot), picks))).toEqual(expected);
  });

  it("keeps the very picked files (the same File objects)", () => {
    const picks = [runPick("a.jpg")];
    const [request] = retryRequests(snapshotOf({ results: { failed: finished("a.jpg") } }), picks);
    expect(request?.files[0]).toBe(picks[0]?.pick);
  });
});
