// Upload URLs asked for several files at once (wire-contract §5.1: at most
// 50 per call), as the reference does: each file of a run takes two (its
// object and its thumbnail) from what the last call answered.

import type { ApiClient } from "../../shared/api/client";
import { CairnError } from "../../shared/model/errors";
import type { UploadEndpoints } from "./upload-endpoints";

/** The server's cap on the URLs of one `upload-urls` call. */
export const maxUploadURLsPerCall = 50;

export interface UploadURL {
  objectKey: string;
  url: string;
}

export interface UploadURLPool {
  /** `count` URLs for single objects; asks the server for more when too few are left. */
  take(count: number, signal?: AbortSignal): Promise<UploadURL[]>;
}

/**
 * [Note: Upload URLs are asked for many files at once]
 *
 * A run asks `upload-urls` for as many URLs as its files still need (two a
 * file, `objectsToSend`), at most 50, instead of two per file: one API call
 * (a session check and a quota check on the server) for 25 files rather
 * than one each, a quarter of the requests of a run of small photos. A URL
 * stays valid for days, so one asked for early is still good when its file
 * comes; one never used (a duplicate found, a run cancelled) costs nothing,
 * no object exists until a PUT. Takers waiting at once share one call; a
 * failed call fails those takers, and the next take asks again.
 */
export const createUploadURLPool = ({
  api,
  endpoints,
  objectsToSend,
}: {
  api: ApiClient;
  endpoints: UploadEndpoints;
  /** The URLs the run is expected to take in all. */
  objectsToSend: number;
}): UploadURLPool => {
  const ready: UploadURL[] = [];
  let expectedLeft = objectsToSend;
  let asking: Promise<void> | undefined;

  const askForMore = (atLeast: number): Promise<void> => {
    asking ??= (async () => {
      const count = Math.min(maxUploadURLsPerCall, Math.max(atLeast, expectedLeft - ready.length));
      // Not under one taker's signal: the answer is shared by every taker waiting.
      const { urls } = await api.call(endpoints.uploadURLs, { query: { count } });
      if (urls.length === 0) throw new Error("The server answered no upload URLs");
      ready.push(...urls);
    })().finally(() => {
      asking = undefined;
    });
    return asking;
  };

  return {
    take: async (count, signal) => {
      while (ready.length < count) {
        await askForMore(count - ready.length);
        if (signal?.aborted === true) {
          throw new CairnError("uploadCancelled", { cause: signal.reason });
        }
      }
      expectedLeft = Math.max(0, expectedLeft - count);
      return ready.splice(0, count);
    },
  };
};
