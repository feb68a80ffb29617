import { describe, expect, it } from "vitest";
import type { ApiClient } from "../../shared/api/client";
import { CairnError } from "../../shared/model/errors";
import { userUploadEndpoints } from "./upload-endpoints";
import { createUploadURLPool, maxUploadURLsPerCall } from "./upload-url-pool";

/** An API whose `upload-urls` answers numbered URLs, recording each count asked. */
const fakeAPI = (failFirst = false) => {
  const asked: number[] = [];
  let next = 0;
  let fail = failFirst;
  const api = {
    call: (_endpoint: unknown, { query }: { query: { count: number } }) => {
      asked.push(query.count);
      if (fail) {
        fail = false;
        return Promise.reject(new CairnError("storageQuotaExceeded"));
      }
      const urls = Array.from({ length: query.count }, () => {
        next += 1;
        return { objectKey: `1/${String(next)}`, url: `http://store/${String(next)}` };
      });
      return Promise.resolve({ urls });
    },
  } as unknown as ApiClient;
  return { api, asked };
};

describe("upload URL pool", () => {
  it("asks for the run's URLs fifty at a time, and hands each out once", async () => {
    const { api, asked } = fakeAPI();
    const pool = createUploadURLPool({
      api,
      endpoints: userUploadEndpoints,
      objectsToSend: 2 * 30,
    });

    const taken = await Promise.all(Array.from({ length: 30 }, () => pool.take(2)));

    expect(asked).toEqual([maxUploadURLsPerCall, 10]);
    const keys = taken.flat().map((url) => url.objectKey);
    expect(new Set(keys).size).toBe(60);
  });

  it("asks for what a taker needs when the run took more than it expected", async () => {
    const { api, asked } = fakeAPI();
    const pool = createUploadURLPool({ api, endpoints: userUploadEndpoints, objectsToSend: 2 });

    await pool.take(2);
    expect(await pool.take(2)).toHaveLength(2);
    expect(asked).toEqual([2, 2]);
  });

  it("fails the takers of a failed call with its error, and asks again on the next take", async () => {
    const { api, asked } = fakeAPI(true);
    const pool = createUploadURLPool({ api, endpoints: userUploadEndpoints, objectsToSend: 4 });

    const first = await Promise.allSettled([pool.take(2), pool.take(2)]);
    expect(first.map((result) => result.status)).toEqual(["rejected", "rejected"]);
    expect(await pool.take(2)).toHaveLength(2);
    expect(asked).toEqual([4, 4]);
  });
});
