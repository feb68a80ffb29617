// One device of the `load` scenario's household: until its time is up, it
// does what an app open on a phone or a laptop does, one thing after
// another with no pause (so that the server, not the clients' patience, sets
// the pace): syncs (the album list, then one album's diff from where it
// stopped), looks at thumbnails (through the preview's signed URL, as the
// apps' fallback and the other Ente clients do), reads the account's usage,
// and now and then backs up a small photo through the real upload pipeline.
// Every request is timed and its answer counted by kind.

import { randomBytes } from "node:crypto";
import { createApiClient } from "../../../shared/api/client";
import { clientPackages, headerNames } from "../../../shared/api/headers";
import { FileType } from "../../../shared/model/library/file-metadata";
import type { CryptoPool } from "../../../workers/crypto/pool";
import { uploadFile } from "../../../workers/upload/upload-file";

/** One account of the household and what its devices reach. */
export interface HouseholdMember {
  token: string;
  /** Its albums: diffs are read from one at random. */
  albumIDs: number[];
  /** Where its devices back photos up (one of its albums), with the album's key. */
  uploadAlbum: { id: number; keyB64: string };
  /** Its seeded files are `firstFileID` … `firstFileID + fileCount - 1`. */
  firstFileID: number;
  fileCount: number;
  /** Seeded files were uploaded between these times (µs). */
  oldestVersionUs: number;
  newestVersionUs: number;
}

export interface LoadTarget {
  apiOrigin: string;
  members: HouseholdMember[];
  /** How long every client runs. */
  durationMs: number;
  /** A device backs up at most one photo in this time. */
  uploadIntervalMs: number;
  /** The size of a backed-up photo. */
  uploadBytes: number;
  /** A real small JPEG, the backed-up photo's thumbnail. */
  thumbnail: Uint8Array;
}

/** What one client measured. */
export interface LoadClientRun {
  /** Each answered request's latency, by kind (see `requestKindOf`). */
  latenciesMs: Record<string, number[]>;
  /** Answers by status ("200", "307", "429", …) and transport failures as "failed". */
  answers: Record<string, number>;
  /** The first few failures, as they happened. */
  failures: string[];
  /** Photos backed up. */
  uploads: number;
}

/**
 * The kind a request is counted under: its API route, or "object" for the
 * blob store's signed URLs (the local store serves them under `/blobs/`).
 */
export const requestKindOf = (method: string, url: URL, apiOrigin: string): string => {
  const { pathname } = url;
  if (url.origin !== apiOrigin || pathname.startsWith("/blobs/")) return `${method} object`;
  if (pathname.startsWith("/files/preview/")) return `${method} /files/preview/:fileID`;
  return `${method} ${pathname}`;
};

const shownFailures = 5;

/** A fetch that times and counts every request it makes into `run`. */
const countingFetch =
  (run: LoadClientRun, apiOrigin: string): typeof fetch =>
  async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const kind = requestKindOf(request.method, url, apiOrigin);
    const started = performance.now();
    try {
      const response = await fetch(request, { redirect: "manual" });
      // The whole body is part of the request's time.
      const body = await response.arrayBuffer();
      const latency = performance.now() - started;
      (run.latenciesMs[kind] ??= []).push(latency);
      const status = String(response.status);
      run.answers[status] = (run.answers[status] ?? 0) + 1;
      if (response.status >= 400 && run.failures.length < shownFailures) {
        run.failures.push(
          `${kind}: HTTP ${status} ${new TextDecoder().decode(body.slice(0, 200))}`,
        );
      }
      return new Response(response.status === 204 ? null : body, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    } catch (error) {
      run.answers.failed = (run.answers.failed ?? 0) + 1;
      if (run.failures.length < shownFailures) run.failures.push(`${kind}: ${String(error)}`);
      throw error;
    }
  };

/** A small PRNG per client, so that runs are alike from one bench run to the next. */
const mulberry32 = (seed: number) => () => {
  let t = (seed += 0x6d2b79f5);
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

/** How often each action is chosen (an upload only when the device's interval allows). */
const actionWeights = { thumbnail: 50, sync: 25, usage: 15, upload: 10 } as const;
type Action = keyof typeof actionWeights;
const totalWeight = Object.values(actionWeights).reduce((sum, weight) => sum + weight, 0);

const pickAction = (random: number): Action => {
  let left = random * totalWeight;
  for (const [action, weight] of Object.entries(actionWeights) as [Action, number][]) {
    left -= weight;
    if (left < 0) return action;
  }
  return "thumbnail";
};

/** Runs one device of `member` until the target's time is up. */
export const runHouseholdClient = async (
  target: LoadTarget,
  member: HouseholdMember,
  clientIndex: number,
  pool: Pick<
    CryptoPool,
    "openHash" | "openEncryptionStream" | "encryptBlobs" | "encryptBlobsFromJSON" | "encryptBoxes"
  >,
): Promise<LoadClientRun> => {
  const run: LoadClientRun = { latenciesMs: {}, answers: {}, failures: [], uploads: 0 };
  const random = mulberry32(clientIndex + 1);
  const fetchCounted = countingFetch(run, target.apiOrigin);
  const headers = {
    [headerNames.authToken]: member.token,
    [headerNames.clientPackage]: clientPackages.photosWeb,
  };
  const api = createApiClient({
    apiOrigin: target.apiOrigin,
    clientPackage: clientPackages.photosWeb,
    fetch: fetchCounted,
    getAuthToken: () => member.token,
  });
  const get = (path: string) => fetchCounted(`${target.apiOrigin}${path}`, { headers });
  // Each device has synced up to a point of the library's history.
  let syncedUpToUs =
    member.oldestVersionUs + random() * (member.newestVersionUs - member.oldestVersionUs);
  let lastUploadMs = -Infinity;

  const actions: Record<Action, () => Promise<void>> = {
    thumbnail: async () => {
      const fileID = member.firstFileID + Math.floor(random() * member.fileCount);
      const preview = await get(`/files/preview/${String(fileID)}`);
      const location = preview.headers.get("location");
      if (location === null) return;
      await fetchCounted(new URL(location, target.apiOrigin).href);
    },
    sync: async () => {
      await get(`/collections/v2?sinceTime=${String(Math.floor(syncedUpToUs))}`);
      const albumID = member.albumIDs[Math.floor(random() * member.albumIDs.length)] ?? 0;
      await get(
        `/collections/v2/diff?collectionID=${String(albumID)}&sinceTime=${String(Math.floor(syncedUpToUs))}`,
      );
      // Half the time the device catches up: its next sync finds little.
      if (random() < 0.5) syncedUpToUs = Date.now() * 1000;
    },
    usage: async () => {
      await get("/users/details/v2");
    },
    upload: async () => {
      lastUploadMs = performance.now();
      const bytes = new Uint8Array(randomBytes(target.uploadBytes));
      const nowUs = Date.now() * 1000;
      await uploadFile(
        { api, pool, fetch: fetchCounted },
        {
          collection: member.uploadAlbum,
          file: bytes,
          thumbnail: target.thumbnail.slice(),
          metadata: {
            title: `IMG_${String(clientIndex)}_${String(run.uploads)}.jpg`,
            creationTime: nowUs,
            modificationTime: nowUs,
            fileType: FileType.image,
          },
        },
      );
      run.uploads += 1;
    },
  };

  const endsAtMs = performance.now() + target.durationMs;
  while (performance.now() < endsAtMs) {
    let action = pickAction(random());
    if (action === "upload" && performance.now() - lastUploadMs < target.uploadIntervalMs) {
      action = "thumbnail";
    }
    try {
      await actions[action]();
    } catch (error) {
      // A failed request is counted by the fetch; anything else is the
      // action's own failure. The device goes on with its next action.
      if (run.failures.length < shownFailures) run.failures.push(`${action}: ${String(error)}`);
    }
  }
  return run;
};
