import { describe, expect, it } from "vitest";
import type { FetchFunction } from "../../shared/api/client";
import {
  CairnError,
  FileTooLargeError,
  NetworkError,
  SessionExpiredError,
  StorageQuotaExceededError,
  SubscriptionExpiredError,
  UnknownUploadError,
} from "../../shared/model/errors";
import { putObject, uploadRetryDelaysMs } from "./object-transfer";

/** A fetch answering from a script, one entry per call: a status, or a network failure. */
const scriptedFetch = (script: (number | "network")[]) => {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch: FetchFunction = (url, init) => {
    calls.push({ url, init });
    const next = script.shift();
    if (next === undefined) throw new Error("Unexpected call");
    if (next === "network") return Promise.reject(new TypeError("fetch failed"));
    return Promise.resolve(
      new Response(null, { status: next, headers: next === 200 ? { ETag: '"abc"' } : {} }),
    );
  };
  return { fetch, calls };
};

const recordingSleep = () => {
  const slept: number[] = [];
  return {
    slept,
    sleep: (ms: number) => {
      slept.push(ms);
      return Promise.resolve();
    },
  };
};

describe("putObject", () => {
  it("answers the ETag of a successful PUT", async () => {
    const { fetch, calls } = scriptedFetch([200]);
    const { sleep, slept } = recordingSleep();
    expect(await putObject({ fetch, sleep }, "http://store/a", new Uint8Array([1, 2]))).toBe(
      '"abc"',
    );
    expect(calls).toHaveLength(1);
    expect(calls[0]?.init.method).toBe("PUT");
    expect(slept).toEqual([]);
  });

  it("retries transient failures after 2 s, 5 s and 10 s", async () => {
    const { fetch, calls } = scriptedFetch(["network", 503, 500, 200]);
    const { sleep, slept } = recordingSleep();
    expect(await putObject({ fetch, sleep }, "http://store/a", new Uint8Array(3))).toBe('"abc"');
    expect(calls).toHaveLength(4);
    expect(slept).toEqual([2000, 5000, 10000]);
    expect(slept).toEqual(uploadRetryDelaysMs);
  });

  it("gives up after the last delay with the last failure", async () => {
    const { fetch } = scriptedFetch([503, 503, "network", "network"]);
    const { sleep } = recordingSleep();
    await expect(putObject({ fetch, sleep }, "http://store/a", new Uint8Array(1))).rejects.toThrow(
      NetworkError,
    );
  });

  it.each([
    { status: 401, error: SessionExpiredError },
    { status: 402, error: SubscriptionExpiredError },
    { status: 413, error: FileTooLargeError },
    { status: 426, error: StorageQuotaExceededError },
    { status: 403, error: UnknownUploadError },
  ])("fails at once on $status through the upload mapping", async ({ status, error }) => {
    const { fetch, calls } = scriptedFetch([status]);
    const { sleep, slept } = recordingSleep();
    await expect(putObject({ fetch, sleep }, "http://store/a", new Uint8Array(1))).rejects.toThrow(
      error,
    );
    expect(calls).toHaveLength(1);
    expect(slept).toEqual([]);
  });

  it("refuses an answer without an ETag", async () => {
    const fetch: FetchFunction = () => Promise.resolve(new Response(null, { status: 200 }));
    const failure = putObject({ fetch }, "http://store/a", new Uint8Array(1));
    await expect(failure).rejects.toThrow(CairnError);
    await expect(failure).rejects.toMatchObject({ key: "etagMissing" });
  });
});
