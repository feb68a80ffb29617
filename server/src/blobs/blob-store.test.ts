import { createHash, randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createS3BlobStoreOn,
  testBlobStoreBackends,
  type RunningBlobStore,
} from "../../test-support/blob-stores";
import { startFakeS3 } from "../../test-support/s3-server";
import { InvalidObjectKeyError } from "./blob-store";
import { copyPartRanges } from "./s3-blob-store";

/** Random bytes that fetch accepts as a body. */
const random = (length: number) => new Uint8Array(randomBytes(length));

const minute = 60_000;
const md5B64 = (bytes: Uint8Array) => createHash("md5").update(bytes).digest("base64");
const newKey = () => `1580559962386438/${randomUUID()}`;

const put = (url: string, body: Uint8Array<ArrayBuffer>, headers: Record<string, string> = {}) =>
  fetch(url, { method: "PUT", body, headers });

const completionXML = (etags: string[]) =>
  `<CompleteMultipartUpload>${etags
    .map((etag, i) => `<Part><PartNumber>${i + 1}</PartNumber><ETag>${etag}</ETag></Part>`)
    .join("")}</CompleteMultipartUpload>`;

/** Change one character of the URL's signature. */
const tamperSignature = (url: string) => {
  const parsed = new URL(url);
  const name = [...parsed.searchParams.keys()].find((key) => /signature/i.test(key)) ?? "";
  const signature = parsed.searchParams.get(name) ?? "";
  parsed.searchParams.set(name, (signature.startsWith("0") ? "1" : "0") + signature.slice(1));
  return parsed.toString();
};

describe.each(testBlobStoreBackends())("blob store: $name", (backend) => {
  let running: RunningBlobStore;
  beforeAll(async () => {
    running = await backend.start();
  });
  afterAll(async () => {
    await running.close();
  });

  it("round-trips a single PUT through a GET, and knows the size", async () => {
    const { store } = running;
    const key = newKey();
    const bytes = random(70_000);
    const uploaded = await put(await store.presignPut(key, { validForMs: minute }), bytes);
    expect(uploaded.status).toBe(200);
    expect(uploaded.headers.get("etag")).toBe(`"${createHash("md5").update(bytes).digest("hex")}"`);

    const downloaded = await fetch(
      await store.presignGet(key, { validForMs: minute, attachment: true, octetStream: true }),
    );
    expect(downloaded.status).toBe(200);
    expect(downloaded.headers.get("content-type")).toBe("application/octet-stream");
    expect(downloaded.headers.get("content-disposition")).toBe("attachment");
    expect(Buffer.from(await downloaded.arrayBuffer()).equals(bytes)).toBe(true);
    expect(await store.sizeBytes(key)).toBe(bytes.length);
  });

  it("accepts an upload whose signed MD5 and length match, and refuses another MD5", async () => {
    const { store } = running;
    const key = newKey();
    const bytes = random(1000);
    const url = await store.presignPut(key, {
      validForMs: minute,
      contentLengthBytes: bytes.length,
      contentMD5B64: md5B64(bytes),
    });
    const wrong = await put(url, bytes, { "Content-MD5": md5B64(random(10)) });
    expect(wrong.status).toBe(403);
    expect(await store.sizeBytes(key)).toBeUndefined();
    const right = await put(url, bytes, { "Content-MD5": md5B64(bytes) });
    expect(right.status).toBe(200);
    expect(await store.sizeBytes(key)).toBe(1000);
  });

  it("assembles a multipart upload of 3 parts from the S3 completion XML", async () => {
    const { store } = running;
    const key = newKey();
    const parts = [random(5 * 1024 * 1024), random(5 * 1024 * 1024), random(1234)];
    const { partURLs, completeURL } = await store.presignMultipartUpload(key, {
      validForMs: minute,
      partCount: 3,
    });
    expect(partURLs).toHaveLength(3);
    const etags: string[] = [];
    for (const [index, part] of parts.entries()) {
      const answer = await put(partURLs[index] ?? "", part);
      expect(answer.status).toBe(200);
      etags.push(answer.headers.get("etag") ?? "");
    }
    expect(etags[0]).toBe(
      `"${createHash("md5")
        .update(parts[0] ?? "")
        .digest("hex")}"`,
    );
    expect(await store.sizeBytes(key)).toBeUndefined();

    const completed = await fetch(completeURL, {
      method: "POST",
      headers: { "Content-Type": "text/xml" },
      body: completionXML(etags),
    });
    expect(completed.status).toBe(200);
    expect(await completed.text()).toContain("CompleteMultipartUploadResult");

    const whole = Buffer.concat(parts);
    expect(await store.sizeBytes(key)).toBe(whole.length);
    const downloaded = await fetch(await store.presignGet(key, { validForMs: minute }));
    expect(Buffer.from(await downloaded.arrayBuffer()).equals(whole)).toBe(true);
  });

  it("refuses a completion whose ETags do not match the parts", async () => {
    const { store } = running;
    const key = newKey();
    const { partURLs, completeURL } = await store.presignMultipartUpload(key, {
      validForMs: minute,
      partCount: 1,
    });
    expect((await put(partURLs[0] ?? "", random(100))).status).toBe(200);
    const completed = await fetch(completeURL, {
      method: "POST",
      body: completionXML([`"${"0".repeat(32)}"`]),
    });
    expect(completed.status).toBe(400);
    expect(await completed.text()).toContain("InvalidPart");
    expect(await store.sizeBytes(key)).toBeUndefined();
  });

  it("refuses tampered URLs", async () => {
    const { store } = running;
    const key = newKey();
    const bytes = random(100);
    const putURL = await store.presignPut(key, { validForMs: minute });
    expect((await put(tamperSignature(putURL), bytes)).status).toBe(403);
    // A URL signed for one key cannot write another.
    const otherKey = newKey();
    expect((await put(putURL.replace(key, otherKey), bytes)).status).toBe(403);
    // A URL signed for GET cannot PUT.
    expect((await put(await store.presignGet(key, { validForMs: minute }), bytes)).status).toBe(
      403,
    );
    expect(await store.sizeBytes(key)).toBeUndefined();
    expect(await store.sizeBytes(otherKey)).toBeUndefined();

    expect((await put(putURL, bytes)).status).toBe(200);
    const getURL = await store.presignGet(key, { validForMs: minute });
    expect((await fetch(tamperSignature(getURL))).status).toBe(403);
    expect((await fetch(getURL)).status).toBe(200);
  });

  it("refuses expired URLs", async () => {
    const { store } = running;
    const key = newKey();
    const putURL = await store.presignPut(key, { validForMs: 1000 });
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const answer = await put(putURL, random(10));
    expect(answer.status).toBe(403);
    expect(await answer.text()).toContain("AccessDenied");
    expect(await store.sizeBytes(key)).toBeUndefined();
  });

  it("reads a small object whole, and only says that a larger one is too large", async () => {
    const { store } = running;
    const key = newKey();
    const bytes = random(3000);
    await put(await store.presignPut(key, { validForMs: minute }), bytes);
    const read = await store.readSmall(key, 3000);
    expect(read instanceof Uint8Array && Buffer.from(read).equals(bytes)).toBe(true);
    expect(await store.readSmall(key, 2999)).toBe("tooLarge");
    expect(await store.readSmall(newKey(), 3000)).toBeUndefined();
  });

  it("copies an object inside the store: the same bytes under the new key, apart from the source", async () => {
    const { store } = running;
    const source = newKey();
    const copy = newKey();
    const bytes = random(70_000);
    await put(await store.presignPut(source, { validForMs: minute }), bytes);
    expect(await store.copy(source, copy)).toBe(true);
    expect(await store.sizeBytes(copy)).toBe(bytes.length);

    // The copy outlives its source.
    await store.delete(source);
    expect(await store.sizeBytes(source)).toBeUndefined();
    const downloaded = await fetch(await store.presignGet(copy, { validForMs: minute }));
    expect(downloaded.status).toBe(200);
    expect(Buffer.from(await downloaded.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it("answers false for a copy of a missing object, and writes nothing", async () => {
    const { store } = running;
    const copy = newKey();
    expect(await store.copy(newKey(), copy)).toBe(false);
    expect(await store.sizeBytes(copy)).toBeUndefined();
  });

  it("refuses a copy from or to an invalid key", async () => {
    const { store } = running;
    await expect(store.copy("../etc/passwd", newKey())).rejects.toThrow(InvalidObjectKeyError);
    const source = newKey();
    await put(await store.presignPut(source, { validForMs: minute }), random(10));
    await expect(store.copy(source, "../x")).rejects.toThrow(InvalidObjectKeyError);
  });

  it("deletes objects, and deleting a missing one is fine", async () => {
    const { store } = running;
    const key = newKey();
    await put(await store.presignPut(key, { validForMs: minute }), random(10));
    expect(await store.sizeBytes(key)).toBe(10);
    await store.delete(key);
    expect(await store.sizeBytes(key)).toBeUndefined();
    expect((await fetch(await store.presignGet(key, { validForMs: minute }))).status).toBe(404);
    await expect(store.delete(key)).resolves.toBeUndefined();
  });

  it("lists and deletes the objects under a folder prefix, and only those", async () => {
    const { store } = running;
    const user = String(1580559962386438 + Math.floor(Math.random() * 1e6));
    const neighbour = `${user}0`;
    const keys = [`${user}/a`, `${user}/b`, `${user}/thumbs/c`];
    for (const key of [...keys, `${neighbour}/kept`]) {
      await put(await store.presignPut(key, { validForMs: minute }), random(5));
    }
    expect(await store.listKeys(`${user}/`)).toEqual(keys);
    expect(await store.deletePrefix(`${user}/`)).toBe(3);
    expect(await store.listKeys(`${user}/`)).toEqual([]);
    for (const key of keys) expect(await store.sizeBytes(key)).toBeUndefined();
    expect(await store.sizeBytes(`${neighbour}/kept`)).toBe(5);
    expect(await store.deletePrefix(`${user}/`)).toBe(0);
  });

  it.each(["", "15", "/abs/", "../x/", "a//", "a/b/c/d/"])(
    "refuses the folder prefix %j",
    async (prefix) => {
      await expect(running.store.deletePrefix(prefix)).rejects.toThrow(InvalidObjectKeyError);
    },
  );

  it.each(["", "../etc/passwd", "/abs", "a/../b", ".hidden/x", "a//b", "a/b/c/d/e/f", "a b"])(
    "refuses the object key %j",
    async (key) => {
      await expect(running.store.presignPut(key, { validForMs: minute })).rejects.toThrow(
        InvalidObjectKeyError,
      );
    },
  );
});

// See: [Note: Objects above 5 GiB are copied in parts]
describe("S3 copies of objects above the single-copy limit", () => {
  const MiB = 1024 ** 2;

  it.each([
    {
      sizeBytes: 10,
      partBytes: 4,
      ranges: [
        [0, 3],
        [4, 7],
        [8, 9],
      ],
    },
    {
      sizeBytes: 8,
      partBytes: 4,
      ranges: [
        [0, 3],
        [4, 7],
      ],
    },
    { sizeBytes: 3, partBytes: 4, ranges: [[0, 2]] },
  ])("cuts $sizeBytes bytes into ranges of $partBytes", ({ sizeBytes, partBytes, ranges }) => {
    expect(copyPartRanges(sizeBytes, partBytes)).toEqual(ranges);
  });

  it("copies in parts of the source's ranges, whole and in order", async () => {
    const fake = await startFakeS3();
    // The limits of 5 GiB and 512 MiB, scaled down to MiB.
    const store = createS3BlobStoreOn(fake, undefined, {
      maxSingleCopyBytes: 6 * MiB,
      copyPartBytes: 5 * MiB,
      parallelPartCopies: 2,
    });
    try {
      const source = newKey();
      const copy = newKey();
      const bytes = random(12 * MiB + 17);
      await put(await store.presignPut(source, { validForMs: minute }), bytes);
      const requestsBefore = fake.requestCount();
      expect(await store.copy(source, copy)).toBe(true);
      // A HEAD, the upload's creation, three part copies and the completion.
      expect(fake.requestCount() - requestsBefore).toBe(6);
      expect(await store.sizeBytes(copy)).toBe(bytes.length);
      const downloaded = await fetch(await store.presignGet(copy, { validForMs: minute }));
      expect(Buffer.from(await downloaded.arrayBuffer()).equals(bytes)).toBe(true);
    } finally {
      await store.close();
      await fake.close();
    }
  });
});
