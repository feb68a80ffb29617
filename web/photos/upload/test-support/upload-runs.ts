// Test support for the upload views: snapshots with defaults, and an
// `UploadClient` double that records each request and lets a test push the
// run's snapshots and end it, as the worker would.

import { vi } from "vitest";
import {
  UploadPhase,
  type UploadResult,
  uploadResultsInSummaryOrder,
} from "../../../../shared/model/media/upload-outcomes";
import type {
  FinishedUpload,
  UploadProgressSnapshot,
} from "../../../../shared/model/media/upload-progress";
import type {
  PickedFile,
  UploadProgressListener,
  UploadRequest,
} from "../../../../workers/upload/upload-contract";
import type { UploadClient } from "../../../common/library/upload-client";

/** A snapshot with every result present (empty unless given). */
export const snapshotOf = (
  fields: Partial<Omit<UploadProgressSnapshot, "results">> & {
    results?: Partial<Record<UploadResult, FinishedUpload[]>>;
  } = {},
): UploadProgressSnapshot => {
  const results = Object.fromEntries(
    uploadResultsInSummaryOrder.map((result) => [result, fields.results?.[result] ?? []]),
  ) as Record<UploadResult, FinishedUpload[]>;
  return {
    phase: UploadPhase.uploading,
    inProgress: [],
    finishedCount: 0,
    totalCount: 0,
    overallPercent: 0,
    cancelled: false,
    ...fields,
    results,
  };
};

let nextTestPickID = 1;

/** A picked file named `name` in `folderPath`, numbered as the page numbers its picks. */
export const pickOf = (name: string, folderPath = ""): PickedFile => ({
  file: new File([name], name),
  folderPath,
  pickID: nextTestPickID++,
});

/** A result standing for these picks (a live photo: image then video), named after the first. */
export const finishedOf = (
  id: number,
  ...picks: readonly [PickedFile, ...PickedFile[]]
): FinishedUpload => ({
  id,
  name: picks[0].file.name,
  pickIDs: picks.flatMap((pick) => (pick.pickID === undefined ? [] : [pick.pickID])),
});

interface RecordedRequest {
  request: UploadRequest;
  onProgress: UploadProgressListener;
  resolve: (snapshot: UploadProgressSnapshot) => void;
  reject: (error: unknown) => void;
  settled: boolean;
}

/**
 * The double: `upload` records its request and stays pending until `end`.
 * `push` tells every listener of the run a snapshot; `end` answers every
 * pending request with the last one (the contract: joined requests resolve
 * at the run's end).
 */
export const fakeUploadClient = () => {
  const requests: RecordedRequest[] = [];
  const client = {
    upload: vi.fn(
      (request: UploadRequest, onProgress: UploadProgressListener) =>
        new Promise<UploadProgressSnapshot>((resolve, reject) => {
          requests.push({ request, onProgress, resolve, reject, settled: false });
        }),
    ),
    cancelUpload: vi.fn(),
  } satisfies UploadClient;
  const pending = () => requests.filter((recorded) => !recorded.settled);
  return {
    client,
    /** The requests made, in order. */
    requests: () => requests.map((recorded) => recorded.request),
    push: (snapshot: UploadProgressSnapshot) => {
      for (const recorded of pending()) recorded.onProgress(snapshot);
    },
    end: (snapshot: UploadProgressSnapshot) => {
      for (const recorded of pending()) {
        recorded.onProgress(snapshot);
        recorded.settled = true;
        recorded.resolve(snapshot);
      }
    },
    fail: (error: unknown) => {
      for (const recorded of pending()) {
        recorded.settled = true;
        recorded.reject(error);
      }
    },
  };
};
