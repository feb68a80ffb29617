import { createHash, randomBytes, randomUUID } from "node:crypto";
import { mkdir, readdir, utimes, writeFile } from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import { Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startLocalBlobStore } from "../../../test-support/blob-stores";
import { BlobRequestError } from "./blob-request-error";
import type { LocalBlobStore } from "./local-blob-store";

/** Random bytes that fetch accepts as a body. */
const random = (length: number) => new Uint8Array(randomBytes(length));

const minute = 60_000;
const md5 = (bytes: Uint8Array) => createHash("md5").update(bytes);
const newKey = () => `42/${randomUUID()}`;
const completionXML = (parts: [number, string][]) =>
  `<CompleteMultipartUpload>${parts
    .map(([n, etag]) => `<Part><PartNumber>${n}</PartNumber><ETag>${etag}</ETag></Part>`)
    .join("")}</CompleteMultipartUpload>`;

describe("local blob store", () => {
  let nowMs = Date.now();
  let store: LocalBlobStore;
  let dir: string;
  let close: () => Promise<void>;
  beforeEach(async () => {
    nowMs = Date.now();
    ({ store, dir, close } = await startLocalBlobStore(() => nowMs));
  });
  afterEach(async () => {
    await close();
  });

  const objectsDir = () => path.join(dir, "objects");
  const temporaries = async () => readdir(path.join(objectsDir(), ".tmp")).catch(() => []);

  const uploadParts = async (key: string, parts: Uint8Array<ArrayBuffer>[]) => {
    const urls = await store.presignMultipartUpload(key, {
      validForMs: minute,
      partCount: parts.length,
    });
    const etags: string[] = [];
    for (const [index, part] of parts.entries()) {
      const answer = await fetch(urls.partURLs[index] ?? "", { method: "PUT", body: part });
      expect(answer.status).toBe(200);
      etags.push(answer.headers.get("etag") ?? "");
    }
    return { ...urls, etags };
  };

  it("refuses a body whose Content-MD5 does not match, leaving nothing behind", async () => {
    const key = newKey();
    const answer = await fetch(await store.presignPut(key, { validForMs: minute }), {
      method: "PUT",
      body: random(100),
      headers: { "Content-MD5": md5(random(100)).digest("base64") },
    });
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain("<Code>BadDigest</Code>");
    expect(await store.sizeBytes(key)).toBeUndefined();
    expect(await temporaries()).toEqual([]);
  });

  it("refuses a body shorter than its signed length", async () => {
    const key = newKey();
    const url = await store.presignPut(key, { validForMs: minute, contentLengthBytes: 10 });
    const answer = await fetch(url, { method: "PUT", body: random(9) });
    expect(answer.status).toBe(403);
    expect(await store.sizeBytes(key)).toBeUndefined();
  });

  it("never shows an upload that was cut off", async () => {
    const key = newKey();
    const url = new URL(await store.presignPut(key, { validForMs: minute }));
    await new Promise<void>((resolve) => {
      const request = http.request(url, { method: "PUT", headers: { "Content-Length": "100000" } });
      request.on("error", () => {
        resolve();
      });
      request.write(random(50_000), () => {
        setTimeout(() => {
          request.destroy();
          resolve();
        }, 50);
      });
    });
    // The server notices the cut and cleans up.
    for (let attempt = 0; attempt < 50 && (await temporaries()).length > 0; attempt += 1) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(await store.sizeBytes(key)).toBeUndefined();
    expect(await temporaries()).toEqual([]);
  });

  it("replaces an object atomically: a second PUT wins, a failed one changes nothing", async () => {
    const key = newKey();
    const first = random(10);
    const second = random(20);
    await fetch(await store.presignPut(key, { validForMs: minute }), {
      method: "PUT",
      body: first,
    });
    await fetch(await store.presignPut(key, { validForMs: minute }), {
      method: "PUT",
      body: second,
    });
    const bad = await fetch(await store.presignPut(key, { validForMs: minute }), {
      method: "PUT",
      body: random(5),
      headers: { "Content-MD5": md5(first).digest("base64") },
    });
    expect(bad.status).toBe(400);
    const got = await fetch(await store.presignGet(key, { validForMs: minute }));
    expect(Buffer.from(await got.arrayBuffer()).equals(second)).toBe(true);
  });

  it("answers HEAD with the size and ranges with 206", async () => {
    const key = newKey();
    const bytes = random(1000);
    await fetch(await store.presignPut(key, { validForMs: minute }), {
      method: "PUT",
      body: bytes,
    });
    const url = await store.presignGet(key, { validForMs: minute });

    const head = await fetch(url, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe("1000");
    expect(await head.text()).toBe("");

    const range = await fetch(url, { headers: { Range: "bytes=10-19" } });
    expect(range.status).toBe(206);
    expect(range.headers.get("content-range")).toBe("bytes 10-19/1000");
    expect(Buffer.from(await range.arrayBuffer()).equals(bytes.subarray(10, 20))).toBe(true);

    const tail = await fetch(url, { headers: { Range: "bytes=-5" } });
    expect(Buffer.from(await tail.arrayBuffer()).equals(bytes.subarray(995))).toBe(true);

    const outside = await fetch(url, { headers: { Range: "bytes=5000-" } });
    expect(outside.status).toBe(416);
    expect(outside.headers.get("content-range")).toBe("bytes */1000");
  });

  it("serves an empty object", async () => {
    const key = newKey();
    const put = await fetch(await store.presignPut(key, { validForMs: minute }), {
      method: "PUT",
      body: new Uint8Array(0),
    });
    expect(put.status).toBe(200);
    const got = await fetch(await store.presignGet(key, { validForMs: minute }));
    expect(got.status).toBe(200);
    expect((await got.arrayBuffer()).byteLength).toBe(0);
  });

  it("refuses URLs once expired by the clock", async () => {
    const key = newKey();
    const url = await store.presignPut(key, { validForMs: minute });
    nowMs += minute;
    const answer = await fetch(url, { method: "PUT", body: random(1) });
    expect(answer.status).toBe(403);
    expect(await answer.text()).toContain("Request has expired");
  });

  describe("multipart", () => {
    it("keeps the last upload of a part that is sent twice", async () => {
      const key = newKey();
      const urls = await store.presignMultipartUpload(key, { validForMs: minute, partCount: 1 });
      const partURL = urls.partURLs[0] ?? "";
      await fetch(partURL, { method: "PUT", body: random(10) });
      const final = random(12);
      const again = await fetch(partURL, { method: "PUT", body: final });
      const completed = await fetch(urls.completeURL, {
        method: "POST",
        body: completionXML([[1, again.headers.get("etag") ?? ""]]),
      });
      expect(completed.status).toBe(200);
      const got = await fetch(await store.presignGet(key, { validForMs: minute }));
      expect(Buffer.from(await got.arrayBuffer()).equals(final)).toBe(true);
    });

    it.each<[string, (etags: string[]) => string, number, string]>([
      [
        "parts out of order",
        ([a = "", b = ""]) =>
          completionXML([
            [2, b],
            [1, a],
          ]),
        400,
        "InvalidPartOrder",
      ],
      ["a part left out", ([a = ""]) => completionXML([[1, a]]), 400, "InvalidPart"],
      [
        "a part that is not part of the upload",
        ([a = "", b = ""]) =>
          completionXML([
            [1, a],
            [2, b],
            [3, b],
          ]),
        400,
        "InvalidPart",
      ],
      ["malformed XML", () => "<CompleteMultipartUpload><Part>", 400, "MalformedXML"],
      ["an empty body", () => "", 400, "MalformedXML"],
    ])("refuses a completion with %s", async (_, body, status, code) => {
      const key = newKey();
      const { completeURL, etags } = await uploadParts(key, [random(10), random(10)]);
      const answer = await fetch(completeURL, { method: "POST", body: body(etags) });
      expect(answer.status).toBe(status);
      expect(await answer.text()).toContain(`<Code>${code}</Code>`);
      expect(await store.sizeBytes(key)).toBeUndefined();
      // The upload is intact: a correct completion still works.
      const retry = await fetch(completeURL, {
        method: "POST",
        body: completionXML(etags.map((etag, i) => [i + 1, etag])),
      });
      expect(retry.status).toBe(200);
    });

    it("refuses a part number outside the upload", async () => {
      const key = newKey();
      const { partURLs } = await store.presignMultipartUpload(key, {
        validForMs: minute,
        partCount: 1,
      });
      const uploadID = new URL(partURLs[0] ?? "").searchParams.get("uploadId") ?? "";
      // A client cannot change the signed part number; the store checks it anyway.
      await expect(store.writePart(key, uploadID, 2, Readable.from([]), {})).rejects.toThrow(
        BlobRequestError,
      );
    });

    it("lets exactly one of two simultaneous completions win", async () => {
      const key = newKey();
      const parts = [random(100_000), random(100_000)];
      const { completeURL, etags } = await uploadParts(key, parts);
      const body = completionXML(etags.map((etag, i) => [i + 1, etag]));
      const answers = await Promise.all([
        fetch(completeURL, { method: "POST", body }),
        fetch(completeURL, { method: "POST", body }),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 404]);
      const got = await fetch(await store.presignGet(key, { validForMs: minute }));
      expect(Buffer.from(await got.arrayBuffer()).equals(Buffer.concat(parts))).toBe(true);
    });

    it("answers the S3 multipart ETag", async () => {
      const key = newKey();
      const parts = [random(10), random(20)];
      const { completeURL, etags } = await uploadParts(key, parts);
      const answer = await fetch(completeURL, {
        method: "POST",
        body: completionXML(etags.map((etag, i) => [i + 1, etag])),
      });
      const expected = createHash("md5")
        .update(Buffer.concat(parts.map((part) => md5(part).digest())))
        .digest("hex");
      expect(await answer.text()).toContain(`<ETag>"${expected}-2"</ETag>`);
    });
  });

  it("sweeps expired uploads and abandoned temporary files, and nothing else", async () => {
    const live = await store.presignMultipartUpload(newKey(), {
      validForMs: 2 * minute,
      partCount: 1,
    });
    await store.presignMultipartUpload(newKey(), { validForMs: minute, partCount: 1 });
    const temporaryDir = path.join(objectsDir(), ".tmp");
    await mkdir(temporaryDir, { recursive: true });
    const stale = path.join(temporaryDir, "stale");
    const fresh = path.join(temporaryDir, "fresh");
    await writeFile(stale, "x");
    await writeFile(fresh, "x");
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * minute);
    await utimes(stale, twoHoursAgo, twoHoursAgo);

    nowMs += minute + 1;
    expect(await store.sweep()).toEqual({ removedUploads: 1, removedTemporaries: 1 });
    expect((await temporaries()).sort()).toEqual(["fresh"]);
    // The live upload still takes parts.
    const answer = await fetch(live.partURLs[0] ?? "", { method: "PUT", body: random(3) });
    expect(answer.status).toBe(200);
  });
});
