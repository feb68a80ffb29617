// The media service against a real Cairn (SQLite, local blob store), with a
// library uploaded by the Node client: thumbnails in one pool batch and from
// the caches, originals of every kind with progress and camera details,
// 'token missing', the download timeout, and downloads as files or a zip.

import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import JSZip from "jszip";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type ApiClient, type FetchFunction, createApiClient } from "../../../shared/api/client";
import { previewFile } from "../../../shared/api/endpoints/files";
import { libraryLimits } from "../../../shared/api/endpoints/library-schemas";
import { clientPackages } from "../../../shared/api/headers";
import { RequestTimeoutError, TokenMissingError } from "../../../shared/model/errors";
import { FileType } from "../../../shared/model/library/file-metadata";
import { type NodeAccount } from "../../../tests/test-support/node-account";
import { type NodeCairn, startNodeCairn } from "../../../tests/test-support/node-cairn";
import type { DecryptedCollection, DecryptedFile } from "../../library/decrypted-records";
import { type NodeLibraryClient, createNodeLibraryClient } from "../../library/node-library-client";
import type { DownloadedFile, OriginalMedia } from "../gallery-contract";
import { fixtureMediaDir } from "../../sync/test-support/library";
import { mediaCacheNames } from "./ciphertext-cache";
import { type GalleryMediaDeps, createGalleryMedia } from "./gallery-media";
import { BrokenLivePhotoError, DownloadsFailedError, FileNotInLibraryError } from "./media-errors";
import { quietBeforeWritingMs } from "./quiet-write-behind";
import { maxThumbnailRequestsInFlight, thumbnailsPerRequest } from "./thumbnails";
import { MemoryCacheStorage } from "./test-support/memory-cache-storage";

const run = promisify(execFile);

let nodeCairn: NodeCairn;
let account: NodeAccount;
let client: NodeLibraryClient;
let album: DecryptedCollection;
let workDir: string;

/** Every uploaded file, and the bytes it was uploaded with. */
const files = new Map<number, DecryptedFile>();
const contents = new Map<number, Uint8Array>();
const thumbnailsOf = new Map<number, Uint8Array>();
const generatedIDs: number[] = [];
let canon: DecryptedFile;
let pixel: DecryptedFile;
let video: DecryptedFile;
let livePhoto: DecryptedFile;
let brokenLivePhoto: DecryptedFile;
let sameNameAsCanon: DecryptedFile;
let heicPhoto: DecryptedFile;
let heicLivePhoto: DecryptedFile;
let heicBytes: Uint8Array;
let canonBytes: Uint8Array;
let pixelBytes: Uint8Array;
let mp4Bytes: Uint8Array;

const baseTimeUs = 1_600_000_000_000_000;

const upload = async (
  title: string,
  bytes: Uint8Array,
  fileType: FileType,
  index: number,
): Promise<DecryptedFile> => {
  const thumbnail = crypto.getRandomValues(new Uint8Array(1000 + index * 37));
  // The pool takes ownership of what it encrypts: upload copies, keep the originals.
  const { file } = await client.upload({
    collection: album,
    file: bytes.slice(),
    thumbnail: thumbnail.slice(),
    metadata: {
      title,
      creationTime: baseTimeUs + index * 1_000_000,
      modificationTime: baseTimeUs + index * 1_000_000,
      fileType,
    },
  });
  files.set(file.id, file);
  contents.set(file.id, bytes);
  thumbnailsOf.set(file.id, thumbnail);
  return file;
};

const zipOf = async (entries: Record<string, Uint8Array>): Promise<Uint8Array> => {
  const zip = new JSZip();
  for (const [name, bytes] of Object.entries(entries)) zip.file(name, bytes);
  return zip.generateAsync({ type: "uint8array" });
};

beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), "cairn-media-"));
  const mp4Path = path.join(workDir, "clip.mp4");
  // A one-second 64×64 H.264 clip: a real video, small enough to be quick.
  await run("ffmpeg", [
    ...["-loglevel", "error", "-f", "lavfi", "-i", "testsrc=duration=1:size=64x64:rate=5"],
    ...["-pix_fmt", "yuv420p", "-y", mp4Path],
  ]);
  mp4Bytes = new Uint8Array(await readFile(mp4Path));
  canonBytes = new Uint8Array(await readFile(path.join(fixtureMediaDir, "canon-dslr.jpg")));
  pixelBytes = new Uint8Array(
    await readFile(path.join(fixtureMediaDir, "IMG_20180725_163423-tiny.jpg")),
  );
  // A HEIF of the generic brand (mif1): the viewer types it image/heif.
  heicBytes = new Uint8Array(await readFile(path.join(fixtureMediaDir, "heic-single.heic")));

  nodeCairn = await startNodeCairn();
  account = await nodeCairn.signUp("media");
  client = await createNodeLibraryClient({
    apiOrigin: nodeCairn.apiOrigin,
    token: account.token,
    userID: account.userID,
    accountKeys: account.accountKeys,
    poolSize: 2,
  });
  album = await client.createCollection({ name: "Media", type: "album" });

  let index = 0;
  for (let i = 0; i < 10; i += 1) {
    const bytes = crypto.getRandomValues(new Uint8Array(3000 + i * 101));
    const file = await upload(`generated-${String(i)}.jpg`, bytes, FileType.image, index++);
    generatedIDs.push(file.id);
  }
  canon = await upload("canon-dslr.jpg", canonBytes, FileType.image, index++);
  pixel = await upload("IMG_20180725_163423.jpg", pixelBytes, FileType.image, index++);
  video = await upload("clip.mp4", mp4Bytes, FileType.video, index++);
  livePhoto = await upload(
    "IMG_0042.jpg",
    await zipOf({ "image.jpg": pixelBytes, "video.mp4": mp4Bytes }),
    FileType.livePhoto,
    index++,
  );
  brokenLivePhoto = await upload(
    "IMG_0043.jpg",
    await zipOf({ "image.jpg": pixelBytes }),
    FileType.livePhoto,
    index++,
  );
  sameNameAsCanon = await upload("canon-dslr.jpg", pixelBytes, FileType.image, index++);
  heicPhoto = await upload("IMG_0050.HEIC", heicBytes, FileType.image, index++);
  heicLivePhoto = await upload(
    "IMG_0051.HEIC",
    await zipOf({ "IMG_0051.HEIC": heicBytes, "IMG_0051.MOV": mp4Bytes }),
    FileType.livePhoto,
    index++,
  );
}, 180_000);

afterAll(async () => {
  await client.close();
  await nodeCairn.close();
  await rm(workDir, { recursive: true, force: true });
});

/**
 * A fetch that counts thumbnails asked for (alone or in a batch), thumbnail
 * requests and how many are open at once, and original requests.
 */
const countingFetch = () => {
  const counts = {
    previews: 0,
    previewRequests: 0,
    downloads: 0,
    openPreviews: 0,
    peakOpenPreviews: 0,
  };
  const fetch: FetchFunction = async (url, init) => {
    const isBatch = url.includes("/files/previews");
    const isPreview = isBatch || url.includes("/files/preview/");
    if (isPreview) {
      counts.previews += isBatch
        ? (JSON.parse(init.body as string) as { fileIDs: number[] }).fileIDs.length
        : 1;
      counts.previewRequests += 1;
      counts.openPreviews += 1;
      counts.peakOpenPreviews = Math.max(counts.peakOpenPreviews, counts.openPreviews);
    }
    if (url.includes("/files/download/")) counts.downloads += 1;
    try {
      return await globalThis.fetch(url, init);
    } finally {
      if (isPreview) counts.openPreviews -= 1;
    }
  };
  return { fetch, counts };
};

const apiClient = (fetch: FetchFunction = globalThis.fetch, token = account.token): ApiClient =>
  createApiClient({
    apiOrigin: nodeCairn.apiOrigin,
    clientPackage: clientPackages.photosWeb,
    fetch,
    getAuthToken: () => token,
  });

const realClock = {
  nowMs: () => Date.now(),
  setTimeout: (callback: () => void, delayMs: number) => setTimeout(callback, delayMs),
  clearTimeout: (handle: unknown) => {
    clearTimeout(handle as ReturnType<typeof setTimeout>);
  },
};

const newMedia = (overrides: Partial<GalleryMediaDeps> = {}) => {
  const { fetch, counts } = countingFetch();
  const api = apiClient(fetch);
  const caches = new MemoryCacheStorage();
  const media = createGalleryMedia({
    fileByID: (id) => files.get(id),
    api: () => api,
    pool: client.pool,
    caches,
    clock: realClock,
    ...overrides,
  });
  return { media, counts, caches };
};

const bytesOf = async (blob: Blob): Promise<Uint8Array> => new Uint8Array(await blob.arrayBuffer());

/** Percents reported per file. */
const progressLog = () => {
  const percents = new Map<number, number[]>();
  const onProgress = (fileID: number, percent: number) => {
    percents.set(fileID, [...(percents.get(fileID) ?? []), percent]);
  };
  return { percents, onProgress };
};

const expectNonDecreasingTo100 = (percents: readonly number[] | undefined) => {
  expect(percents?.at(-1)).toBe(100);
  expect(percents).toEqual([...(percents ?? [])].sort((a, b) => a - b));
};

describe("thumbnails", () => {
  it("decrypts the thumbnails of many files in one pool batch, a bounded number fetched at once", async () => {
    const { media, counts } = newMedia();
    const decryptBlobs = vi.spyOn(client.pool, "decryptBlobs");
    decryptBlobs.mockClear();
    const ids = [...files.keys()];

    const results = await media.thumbnails(ids);

    expect(decryptBlobs).toHaveBeenCalledTimes(1);
    expect(decryptBlobs.mock.calls[0]?.[0]).toHaveLength(ids.length);
    expect(counts.previews).toBe(ids.length);
    expect(counts.peakOpenPreviews).toBeLessThanOrEqual(maxThumbnailRequestsInFlight);
    expect(results.map((result) => result.fileID)).toEqual(ids);
    for (const result of results) {
      expect(result.ok ? Buffer.from(result.bytes) : result.errorName).toEqual(
        Buffer.from(thumbnailsOf.get(result.fileID) ?? []),
      );
    }
    decryptBlobs.mockRestore();
  });

  it("answers again from its caches without a request, and keeps only the server's ciphertext", async () => {
    const { media, counts, caches } = newMedia();
    const ids = generatedIDs.slice(0, 5);
    const first = await media.thumbnails(ids);
    expect(counts.previews).toBe(5);
    // Written to Cache Storage once the network is quiet, not while fetching.
    // See: [Note: Thumbnails are written to Cache Storage when the network is quiet]
    expect(caches.entries(mediaCacheNames.thumbnails).size).toBe(0);
    await vi.waitFor(
      () => {
        expect(caches.entries(mediaCacheNames.thumbnails).size).toBe(5);
      },
      { timeout: quietBeforeWritingMs * 5 },
    );

    // The same service: from memory (the cached ciphertext was not handed
    // to the pool, which detaches what it is given).
    const second = await media.thumbnails(ids);
    expect(counts.previews).toBe(5);
    expect(second).toEqual(first);
    // Each call answers its own buffers (they are transferred to the page).
    const sharedBuffers = second.filter((result, i) => {
      const earlier = first[i];
      return result.ok && earlier?.ok === true && result.bytes.buffer === earlier.bytes.buffer;
    });
    expect(sharedBuffers).toEqual([]);

    // A new service over the same Cache Storage (a reload): no request either.
    const { media: reloaded, counts: reloadedCounts } = newMedia({ caches });
    expect(await reloaded.thumbnails(ids)).toEqual(first);
    expect(reloadedCounts.previews).toBe(0);

    // What Cache Storage holds is the ciphertext as the server sends it.
    const stored = [...caches.entries(mediaCacheNames.thumbnails).values()];
    expect(stored).toHaveLength(5);
    const firstID = ids[0] ?? -1;
    const served = new Uint8Array(
      await (await apiClient().call(previewFile, { params: { fileID: firstID } })).arrayBuffer(),
    );
    expect(stored.some((bytes) => Buffer.from(bytes).equals(Buffer.from(served)))).toBe(true);
    const plaintext = Buffer.from(thumbnailsOf.get(firstID) ?? []);
    expect(stored.some((bytes) => Buffer.from(bytes).includes(plaintext))).toBe(false);

    // Logout: every cache goes.
    await reloaded.clear();
    expect(caches.caches.has(mediaCacheNames.thumbnails)).toBe(false);
    await reloaded.thumbnails(ids);
    expect(reloadedCounts.previews).toBe(5);
  });

  it("shows a file it just uploaded from the thumbnail it sent, without asking the server", async () => {
    const thumbnail = crypto.getRandomValues(new Uint8Array(4321));
    const uploaded = await client.upload({
      collection: album,
      file: crypto.getRandomValues(new Uint8Array(2048)),
      thumbnail: thumbnail.slice(),
      metadata: {
        title: "just-uploaded.jpg",
        creationTime: baseTimeUs,
        modificationTime: baseTimeUs,
        fileType: FileType.image,
      },
    });
    const { file } = uploaded;
    files.set(file.id, file);
    const { media, counts, caches } = newMedia();

    media.thumbnailUploaded(file, uploaded.thumbnailCiphertext);
    const [result] = await media.thumbnails([file.id]);

    expect(result?.ok === true ? Buffer.from(result.bytes) : result).toEqual(
      Buffer.from(thumbnail),
    );
    expect(counts.previews).toBe(0);
    // Kept for the next visit as the server's own ciphertext, never the plaintext.
    await vi.waitFor(
      () => {
        expect(caches.entries(mediaCacheNames.thumbnails).size).toBe(1);
      },
      { timeout: quietBeforeWritingMs * 5 },
    );
    const served = new Uint8Array(
      await (await apiClient().call(previewFile, { params: { fileID: file.id } })).arrayBuffer(),
    );
    expect([...caches.entries(mediaCacheNames.thumbnails).values()]).toEqual([served]);
    files.delete(file.id);
  });

  it("answers a failed thumbnail on its own among good ones", async () => {
    const [good1, tampered, good2] = generatedIDs;
    const withWrongKey = (id: number): DecryptedFile | undefined => {
      const file = files.get(id);
      return id === tampered && file !== undefined ? { ...file, keyB64: canon.keyB64 } : file;
    };
    const { media, counts } = newMedia({ fileByID: withWrongKey });
    const ids = [good1 ?? -1, tampered ?? -1, 987_654_321, good2 ?? -1];

    const results = await media.thumbnails(ids);

    expect(results.map((r) => (r.ok ? "ok" : r.errorName))).toEqual([
      "ok",
      "DecryptionError",
      "FileNotInLibraryError",
      "ok",
    ]);
    // The ciphertext that did not open is not kept.
    await media.thumbnails([tampered ?? -1]);
    expect(counts.previews).toBe(4);
  });

  it("fetches thumbnails many to a request, and a file the server cannot answer fails alone", async () => {
    const { media, counts } = newMedia();
    const unknownToServer = {
      ...(files.get(generatedIDs[0] ?? -1) as DecryptedFile),
      id: 987_654_322,
    };
    const ids = [...generatedIDs, canon.id, pixel.id, video.id, unknownToServer.id];
    const { media: withUnknown, counts: unknownCounts } = newMedia({
      fileByID: (id) => (id === unknownToServer.id ? unknownToServer : files.get(id)),
    });

    const results = await media.thumbnails(ids.slice(0, -1));
    expect(results.every((result) => result.ok)).toBe(true);
    expect(counts.previews).toBe(ids.length - 1);
    expect(counts.previewRequests).toBe(Math.ceil((ids.length - 1) / thumbnailsPerRequest));

    const [missing, present] = await withUnknown.thumbnails([unknownToServer.id, canon.id]);
    expect([missing?.ok === false && missing.errorName, present?.ok]).toEqual([
      "NotFoundError",
      true,
    ]);
    expect(unknownCounts.previewRequests).toBe(1);
  });

  it("asks for a thumbnail too large for a batch on its own", async () => {
    // Its ciphertext is 17 bytes longer: over the batch's limit.
    const thumbnail = new Uint8Array(randomBytes(libraryLimits.thumbnailBatchEntryBytes));
    const { file } = await client.upload({
      collection: album,
      file: crypto.getRandomValues(new Uint8Array(2048)),
      thumbnail: thumbnail.slice(),
      metadata: {
        title: "large-thumbnail.jpg",
        creationTime: baseTimeUs,
        modificationTime: baseTimeUs,
        fileType: FileType.image,
      },
    });
    files.set(file.id, file);
    const { media, counts } = newMedia();
    const [large, small] = await media.thumbnails([file.id, pixel.id]);
    expect(large?.ok === true && Buffer.from(large.bytes).equals(thumbnail)).toBe(true);
    expect(small?.ok).toBe(true);
    // The batch of both, then the large one alone.
    expect([counts.previewRequests, counts.previews]).toEqual([2, 3]);
    files.delete(file.id);
  });

  it("fetches each thumbnail on its own from a server without the batch call (the reference)", async () => {
    const { fetch, counts } = countingFetch();
    const referenceFetch: FetchFunction = (url, init) =>
      url.includes("/files/previews")
        ? fetch(url, init).then(() => new Response("404 page not found", { status: 404 }))
        : fetch(url, init);
    const api = apiClient(referenceFetch);
    const media = createGalleryMedia({
      fileByID: (id) => files.get(id),
      api: () => api,
      pool: client.pool,
      caches: new MemoryCacheStorage(),
      clock: realClock,
    });
    const ids = generatedIDs.slice(0, 5);
    const results = await media.thumbnails(ids);
    expect(results.map((result) => result.ok && Buffer.from(result.bytes))).toEqual(
      ids.map((id) => Buffer.from(thumbnailsOf.get(id) ?? [])),
    );
    // One batch request refused, then one request a thumbnail, and no batch again.
    expect(counts.previewRequests).toBe(1 + 5);
    await media.thumbnails(generatedIDs.slice(5, 7));
    expect(counts.previewRequests).toBe(1 + 5 + 2);
  });

  it("shares fetches in flight between calls, and copies a file asked for twice", async () => {
    const { media, counts } = newMedia();
    const ids = generatedIDs.slice(0, 6);
    const [a, b] = await Promise.all([media.thumbnails(ids), media.thumbnails(ids)]);
    expect(counts.previews).toBe(6);
    expect(a).toEqual(b);

    const id = ids[0] ?? -1;
    const twice = await media.thumbnails([id, id]);
    expect(twice[0]).toEqual(twice[1]);
    const [first, second] = twice;
    expect(first?.ok && second?.ok && first.bytes.buffer !== second.bytes.buffer).toBe(true);
  });
});

describe("originals", () => {
  it("opens a photo with its camera details, reports progress to 100, and keeps it for the next view", async () => {
    const { media, counts } = newMedia();
    const { percents, onProgress } = progressLog();

    const original = await media.original(canon.id, onProgress);

    expect(original.kind).toBe("image");
    if (original.kind !== "image") return;
    expect(original.blob.type).toBe("image/jpeg");
    expect(Buffer.from(await bytesOf(original.blob)).equals(Buffer.from(canonBytes))).toBe(true);
    expect(original.exif).toEqual({
      make: "Canon",
      model: "Canon EOS 1300D",
      fNumber: 10,
      exposureTimeSec: 0.00625,
      iso: 400,
      focalLengthMm: 36,
      width: 5184,
      height: 3456,
    });
    const canonPercents = percents.get(canon.id);
    expect(canonPercents?.[0]).toBe(0);
    expect(canonPercents?.some((percent) => percent > 0 && percent < 100)).toBe(true);
    expectNonDecreasingTo100(canonPercents);

    // Back to it in the viewer: no second download.
    expect(await media.original(canon.id)).toBe(original);
    expect(counts.downloads).toBe(1);
  });

  it("shares a download in flight between the viewer and a prefetch", async () => {
    const { media, counts } = newMedia();
    const [a, b] = await Promise.all([media.original(pixel.id), media.original(pixel.id)]);
    expect(counts.downloads).toBe(1);
    expect(await bytesOf(a.kind === "image" ? a.blob : new Blob())).toEqual(pixelBytes);
    expect(b.kind).toBe("image");
  });

  it("opens a video", async () => {
    const { media } = newMedia();
    const original = await media.original(video.id);
    expect(original.kind).toBe("video");
    if (original.kind !== "video") return;
    expect(original.blob.type).toBe("video/mp4");
    expect(await bytesOf(original.blob)).toEqual(mp4Bytes);
  });

  it("opens a live photo's zip into its image, with camera details, and its video", async () => {
    const { media } = newMedia();
    const original = await media.original(livePhoto.id);
    expect(original.kind).toBe("live-photo");
    if (original.kind !== "live-photo") return;
    expect(original.image.type).toBe("image/jpeg");
    expect(await bytesOf(original.image)).toEqual(pixelBytes);
    expect(original.video.type).toBe("video/mp4");
    expect(await bytesOf(original.video)).toEqual(mp4Bytes);
    expect(original.exif?.make).toBe("Google");
    expect(original.exif?.model).toBe("Pixel");
  });

  it("refuses a live photo zip without its video", async () => {
    const { media } = newMedia();
    const failure = await media.original(brokenLivePhoto.id).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(BrokenLivePhotoError);
    expect((failure as BrokenLivePhotoError).missing).toEqual(["video"]);
  });

  it("says 'token missing' without a session, for originals, downloads and thumbnails", async () => {
    const { media } = newMedia({ api: () => undefined });
    await expect(media.original(canon.id)).rejects.toBeInstanceOf(TokenMissingError);
    await expect(media.original(canon.id)).rejects.toThrow("token missing");
    await expect(
      media.download(
        [canon.id],
        "files",
        () => undefined,
        () => undefined,
      ),
    ).rejects.toBeInstanceOf(TokenMissingError);
    const [thumbnail] = await media.thumbnails([canon.id]);
    expect(thumbnail).toEqual({ fileID: canon.id, ok: false, errorName: "TokenMissingError" });

    // A client whose token went away (logout in another tab) says the same.
    const tokenless = apiClient(globalThis.fetch, "");
    const { media: loggedOut } = newMedia({ api: () => tokenless });
    await expect(loggedOut.original(video.id)).rejects.toBeInstanceOf(TokenMissingError);
  });

  it("ends a download that stalls for the timeout, and not one that is slow but moving", async () => {
    // Gaps of a quarter of the timeout: far from it even on a loaded machine,
    // while the whole moving download lasts longer than the timeout.
    const timeoutMs = 1000;
    const gapMs = 250;
    const pieces = 6;
    /** Serves originals in pieces `gapMs` apart, or the first piece then nothing (`stall`). */
    const slowFetch =
      (gapMs: number, stall: boolean): FetchFunction =>
      async (url, init) => {
        const response = await globalThis.fetch(url, init);
        if (!url.includes("/files/download/")) return response;
        const bytes = new Uint8Array(await response.arrayBuffer());
        const pieceBytes = Math.ceil(bytes.length / pieces);
        const { signal } = init;
        let offset = 0;
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            signal?.addEventListener("abort", () => {
              controller.error(signal.reason);
            });
          },
          async pull(controller) {
            if (offset > 0) await new Promise((resolve) => setTimeout(resolve, gapMs));
            if (stall && offset > 0) await new Promise(() => undefined);
            if (offset >= bytes.length) {
              controller.close();
              return;
            }
            controller.enqueue(bytes.slice(offset, offset + pieceBytes));
            offset += pieceBytes;
          },
        });
        return new Response(body, { status: 200 });
      };

    const slow = createApiClient({
      apiOrigin: nodeCairn.apiOrigin,
      clientPackage: clientPackages.photosWeb,
      fetch: slowFetch(gapMs, false),
      getAuthToken: () => account.token,
    });
    const { media: slowMedia } = newMedia({ api: () => slow, downloadTimeoutMs: timeoutMs });
    const startedMs = Date.now();
    const moving = await slowMedia.original(canon.id);
    expect(Date.now() - startedMs).toBeGreaterThan(timeoutMs);
    expect(moving.kind === "image" && moving.blob.size).toBe(canonBytes.length);

    const stalled = createApiClient({
      apiOrigin: nodeCairn.apiOrigin,
      clientPackage: clientPackages.photosWeb,
      fetch: slowFetch(0, true),
      getAuthToken: () => account.token,
    });
    const { media: stalledMedia } = newMedia({ api: () => stalled, downloadTimeoutMs: timeoutMs });
    const failure = await stalledMedia.original(pixel.id).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(RequestTimeoutError);
    expect((failure as RequestTimeoutError).timeoutMs).toBe(timeoutMs);
  });

  it("says which file is not in the library", async () => {
    const { media } = newMedia();
    await expect(media.original(123_456_789)).rejects.toBeInstanceOf(FileNotInLibraryError);
  });
});

describe("originals the browser cannot show", () => {
  /** A converter standing in for the media worker: a JPEG named after what it was given. */
  const fakeConverter = () => {
    const calls: { type: string; size: number; fileName: string }[] = [];
    const displayImage = (image: Blob, fileName: string) => {
      calls.push({ type: image.type, size: image.size, fileName });
      return Promise.resolve(new Blob([`jpeg of ${fileName}`], { type: "image/jpeg" }));
    };
    return { calls, displayImage };
  };

  it("shows a HEIC through the media worker's JPEG, converted once, while a download gives the original", async () => {
    const { calls, displayImage } = fakeConverter();
    const { media, counts } = newMedia({ displayImage });

    const shown = await media.original(heicPhoto.id);
    expect(shown.kind).toBe("image");
    if (shown.kind !== "image") return;
    expect(shown.blob.type).toBe("image/jpeg");
    expect(await shown.blob.text()).toBe("jpeg of IMG_0050.HEIC");
    expect(calls).toEqual([
      { type: "image/heif", size: heicBytes.length, fileName: "IMG_0050.HEIC" },
    ]);

    // Back to it: from the cache, neither downloaded nor converted again.
    expect(await media.original(heicPhoto.id)).toBe(shown);
    expect(calls).toHaveLength(1);
    expect(counts.downloads).toBe(1);

    // The download is the HEIC, byte for byte, from the original kept.
    const handed: DownloadedFile[] = [];
    await media.download(
      [heicPhoto.id],
      "files",
      () => undefined,
      (file) => handed.push(file),
    );
    expect(handed.map((file) => file.name)).toEqual(["IMG_0050.HEIC"]);
    expect(await bytesOf(handed[0]?.blob ?? new Blob())).toEqual(heicBytes);
    expect(counts.downloads).toBe(1);

    // A JPEG is shown as it is.
    await media.original(pixel.id);
    expect(calls).toHaveLength(1);
  });

  it("shows a live photo's HEIC through a JPEG, its video as it is", async () => {
    const { calls, displayImage } = fakeConverter();
    const { media } = newMedia({ displayImage });
    const shown = await media.original(heicLivePhoto.id);
    expect(shown.kind).toBe("live-photo");
    if (shown.kind !== "live-photo") return;
    expect(shown.image.type).toBe("image/jpeg");
    expect(calls.map((call) => call.type)).toEqual(["image/heif"]);
    expect(calls[0]?.fileName).toMatch(/\.heic$/i);
    expect(await bytesOf(shown.video)).toEqual(mp4Bytes);

    const handed: DownloadedFile[] = [];
    await media.download(
      [heicLivePhoto.id],
      "files",
      () => undefined,
      (file) => handed.push(file),
    );
    const image = handed.find((file) => /\.heic$/i.test(file.name));
    expect(await bytesOf(image?.blob ?? new Blob())).toEqual(heicBytes);
  });

  it("gives the original as it is when the conversion fails, and tries again next time", async () => {
    let attempts = 0;
    const warnings: string[] = [];
    const { media } = newMedia({
      displayImage: () => {
        attempts += 1;
        return Promise.reject(new Error("file conversion failed"));
      },
      logWarning: (message) => warnings.push(message),
    });
    const shown = await media.original(heicPhoto.id);
    expect(shown.kind === "image" && shown.blob.type).toBe("image/heif");
    expect(await bytesOf(shown.kind === "image" ? shown.blob : new Blob())).toEqual(heicBytes);
    expect(warnings).toHaveLength(1);
    await media.original(heicPhoto.id);
    expect(attempts).toBe(2);
  });

  it("shows originals as they are without a converter", async () => {
    const { media } = newMedia();
    const shown = await media.original(heicPhoto.id);
    expect(shown.kind === "image" && shown.blob.type).toBe("image/heif");
  });
});

describe("videos the browser cannot play", () => {
  it("converts a video once, from the original the viewer opened, and keeps the MP4 beside it", async () => {
    const calls: { size: number; fileName: string }[] = [];
    let finish: () => void = () => undefined;
    const { media, counts } = newMedia({
      playableVideo: async (original, fileName) => {
        calls.push({ size: original.size, fileName });
        await new Promise<void>((resolve) => {
          finish = resolve;
        });
        return new Blob([`mp4 of ${fileName}`], { type: "video/mp4" });
      },
    });
    await media.original(video.id);
    // The viewer asks twice while the conversion runs (a quick back and forth): one conversion.
    const asked = [media.playableVideo(video.id), media.playableVideo(video.id)];
    await vi.waitFor(() => {
      expect(calls).toHaveLength(1);
    });
    finish();
    const [first, second] = await Promise.all(asked);
    expect(first).toEqual(second);
    expect(first?.converted).toBe(true);
    if (first?.converted !== true) return;
    expect(await first.blob.text()).toBe("mp4 of clip.mp4");
    expect(calls).toEqual([{ size: mp4Bytes.length, fileName: "clip.mp4" }]);
    expect(counts.downloads).toBe(1);

    // Back to it later: the MP4 kept, nothing converted or downloaded again.
    const again = await media.playableVideo(video.id);
    expect(again.converted && (await again.blob.text())).toBe("mp4 of clip.mp4");
    expect(calls).toHaveLength(1);
    expect(counts.downloads).toBe(1);
    // The viewer's original and a download stay the original video.
    const original = await media.original(video.id);
    expect(original.kind === "video" && (await bytesOf(original.blob))).toEqual(mp4Bytes);
  });

  it("answers 'not converted' where the platform cannot convert, and without a converter", async () => {
    const { media } = newMedia({ playableVideo: () => Promise.resolve(undefined) });
    expect(await media.playableVideo(video.id)).toEqual({ fileID: video.id, converted: false });
    const { media: web, counts } = newMedia();
    expect(await web.playableVideo(video.id)).toEqual({ fileID: video.id, converted: false });
    // The web app does not download the video for nothing.
    expect(counts.downloads).toBe(0);
  });

  it("converts only videos", async () => {
    let calls = 0;
    const { media } = newMedia({
      playableVideo: () => {
        calls += 1;
        return Promise.resolve(new Blob(["mp4"]));
      },
    });
    expect(await media.playableVideo(livePhoto.id)).toEqual({
      fileID: livePhoto.id,
      converted: false,
    });
    expect(calls).toBe(0);
  });

  it("fails with the conversion's error and tries again when asked again", async () => {
    let attempts = 0;
    const { media } = newMedia({
      playableVideo: () => {
        attempts += 1;
        return Promise.reject(new Error("file conversion failed"));
      },
    });
    await expect(media.playableVideo(video.id)).rejects.toThrow("file conversion failed");
    await expect(media.playableVideo(video.id)).rejects.toThrow("file conversion failed");
    expect(attempts).toBe(2);
  });
});

describe("downloads", () => {
  it("streams a selection into one zip whose entries are the originals byte for byte", async () => {
    const nowMs = new Date(2024, 2, 5, 12, 0).getTime();
    const { media } = newMedia({ clock: { ...realClock, nowMs: () => nowMs } });
    const { percents, onProgress } = progressLog();
    const handed: DownloadedFile[] = [];
    const selection = [canon.id, video.id, livePhoto.id, sameNameAsCanon.id];

    await media.download(selection, "zip", onProgress, (file) => handed.push(file));

    expect(handed.map((file) => file.name)).toEqual(["Cairn-2024-03-05.zip"]);
    const zip = await JSZip.loadAsync(await bytesOf(handed[0]?.blob ?? new Blob()));
    const entries = new Map<string, Uint8Array>();
    for (const entry of Object.values(zip.files)) {
      entries.set(entry.name, await entry.async("uint8array"));
    }
    expect([...entries.keys()].sort()).toEqual(
      ["IMG_0042.jpg", "IMG_0042.mp4", "canon-dslr(1).jpg", "canon-dslr.jpg", "clip.mp4"].sort(),
    );
    const byName = (name: string) => Buffer.from(entries.get(name) ?? []);
    // Two files named alike: whichever came first keeps the plain name.
    const sameNamed = [byName("canon-dslr.jpg"), byName("canon-dslr(1).jpg")];
    expect(sameNamed.filter((bytes) => bytes.equals(Buffer.from(canonBytes)))).toHaveLength(1);
    expect(sameNamed.filter((bytes) => bytes.equals(Buffer.from(pixelBytes)))).toHaveLength(1);
    expect(byName("clip.mp4").equals(Buffer.from(mp4Bytes))).toBe(true);
    expect(byName("IMG_0042.jpg").equals(Buffer.from(pixelBytes))).toBe(true);
    expect(byName("IMG_0042.mp4").equals(Buffer.from(mp4Bytes))).toBe(true);
    for (const id of selection) expectNonDecreasingTo100(percents.get(id));

    // An album's zip is named after it.
    const named: DownloadedFile[] = [];
    await media.download(
      [video.id],
      "zip",
      () => undefined,
      (file) => named.push(file),
      "Lisbon trip",
    );
    expect(named.map((file) => file.name)).toEqual(["Lisbon trip.zip"]);
  });

  it("hands each file over on its own, live photos as two, and goes on past failures", async () => {
    const { media } = newMedia();
    const { percents, onProgress } = progressLog();
    const handed: DownloadedFile[] = [];
    const selection = [video.id, brokenLivePhoto.id, livePhoto.id, 555_555_555, pixel.id];

    const failure = await media
      .download(selection, "files", onProgress, (file) => handed.push(file))
      .catch((e: unknown) => e);

    expect(failure).toBeInstanceOf(DownloadsFailedError);
    const failed = failure as DownloadsFailedError;
    expect([...failed.failedFileIDs].sort()).toEqual([brokenLivePhoto.id, 555_555_555].sort());
    expect(failed.failedCount).toBe(2);
    expect(failed.message).toBe("request failed (2 of 5 files)");

    const byName = new Map(handed.map((file) => [file.name, file.blob]));
    expect([...byName.keys()].sort()).toEqual(
      ["IMG_0042.jpg", "IMG_0042.mp4", "IMG_20180725_163423.jpg", "clip.mp4"].sort(),
    );
    expect(await bytesOf(byName.get("clip.mp4") ?? new Blob())).toEqual(mp4Bytes);
    expect(await bytesOf(byName.get("IMG_0042.jpg") ?? new Blob())).toEqual(pixelBytes);
    expect(await bytesOf(byName.get("IMG_0042.mp4") ?? new Blob())).toEqual(mp4Bytes);
    expect(await bytesOf(byName.get("IMG_20180725_163423.jpg") ?? new Blob())).toEqual(pixelBytes);
    for (const id of [video.id, livePhoto.id, pixel.id]) expectNonDecreasingTo100(percents.get(id));
  });

  it("uses an original the viewer already has without downloading it again", async () => {
    const { media, counts } = newMedia();
    const viewed: OriginalMedia = await media.original(video.id);
    expect(viewed.kind).toBe("video");
    const handed: DownloadedFile[] = [];
    const { percents, onProgress } = progressLog();
    await media.download([video.id], "files", onProgress, (file) => handed.push(file));
    expect(counts.downloads).toBe(1);
    expect(handed.map((file) => file.name)).toEqual(["clip.mp4"]);
    expect(percents.get(video.id)).toEqual([100]);
  });
});
