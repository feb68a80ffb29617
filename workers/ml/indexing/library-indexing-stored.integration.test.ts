// The library's ML indexes kept in the local database (fake-indexeddb),
// sealed through the Node crypto pool, against the real server: a session
// indexes the library and stores the indexes; the next session (a reload,
// the same database) loads them and pulls only what is newer.
// See: [Note: The ML indexes are kept as sealed chunks]

import { afterAll, beforeAll, expect, it } from "vitest";
import type { ApiClient } from "../../../shared/api/client";
import { generateKeyB64 } from "../../../shared/crypto";
import { generatedJpeg } from "../../../tests/test-support/media";
import type { DecryptedFile } from "../../library/decrypted-records";
import { type LocalCipher, createLocalCipher } from "../../sync/local-cipher";
import { LocalDatabase } from "../../sync/local-db";
import { uploadTestFile } from "../../sync/test-support/library";
import { freshIndexedDB, holdsPlaintext, storedText } from "../../sync/test-support/sync-store";
import {
  type MLTestLibrary,
  accountAPI,
  indexingOf,
  recordingML as recordingMLWith,
  startMLTestLibrary,
  testImageVector as vectorOf,
} from "../test-support/ml-test-library";
import { createMLIndexStore } from "./ml-index-store";

let library: MLTestLibrary;
let files: DecryptedFile[];

/** The ML worker's double: every image is a dog, and the images it saw are counted. */
const recordingML = () => recordingMLWith({ thingsOf: () => ["dog"] });

interface RecordedCall {
  path: string;
  sinceTime?: number | undefined;
  /** Entries the embeddings' diff answered. */
  answered?: number | undefined;
}

/** The account's API, recording the calls made through it. */
const recordingAPI = () => {
  const api = accountAPI(library.node, library.account);
  const calls: RecordedCall[] = [];
  const recording: Pick<ApiClient, "call"> = {
    call: (async (endpoint: { path: string }, options?: { query?: { sinceTime?: number } }) => {
      const answer: unknown = await (api.call as (...args: unknown[]) => Promise<unknown>)(
        endpoint,
        options,
      );
      const diff = (answer as { diff?: unknown[] } | undefined)?.diff;
      calls.push({
        path: endpoint.path,
        sinceTime: options?.query?.sinceTime,
        answered: endpoint.path === "/embeddings/diff" ? (diff?.length ?? 0) : undefined,
      });
      return answer;
    }) as ApiClient["call"],
  };
  return { api: recording, calls };
};

type Browser = ReturnType<typeof freshIndexedDB>;

/** A session of the library's indexing over `browser`'s local database (none: memory only). */
const sessionOn = (browser: Browser | undefined, cipher: LocalCipher | undefined) => {
  const db =
    browser === undefined ? undefined : new LocalDatabase(browser.indexedDB, browser.IDBKeyRange);
  const ml = recordingML();
  const { api, calls } = recordingAPI();
  const logged: string[] = [];
  const device = { account: library.account, client: library.client, files: () => files };
  const indexing = indexingOf(library, device, ml.ml, {
    api: () => api,
    store:
      db === undefined || cipher === undefined ? undefined : createMLIndexStore({ db, cipher }),
    logError: (message) => {
      logged.push(message);
    },
  });
  const runUntilDone = async () => {
    for (let run = 0; run < 10; run++) if ((await indexing.run()) === "nothing-to-do") return;
    throw new Error("Indexing did not finish");
  };
  return { db, indexing, seen: ml.seen, calls, logged, runUntilDone };
};

const embeddingDiffs = (calls: readonly RecordedCall[]) =>
  calls.filter(({ path }) => path === "/embeddings/diff");

beforeAll(async () => {
  library = await startMLTestLibrary({
    label: "stored-indexes",
    albumName: "Dogs",
    photoName: "dog",
  });
  files = [...library.files];
}, 180_000);

afterAll(async () => {
  await library.close();
});

it("loads the indexes a session stored, pulls only what is newer, and stores nothing in clear", async () => {
  const browser = freshIndexedDB();
  const cipher = createLocalCipher(library.pool, await generateKeyB64());

  const first = sessionOn(browser, cipher);
  await first.runUntilDone();
  expect(first.seen.images).toBe(3);
  expect(first.indexing.status()).toEqual({ pending: 0, indexed: 3 });
  const clipTimeUs = (await first.db?.["ml-sync-time"].get("onnx-clip"))?.timeUs ?? 0;
  expect(clipTimeUs).toBeGreaterThan(0);
  first.db?.close();

  // A reload: the same database, a new session.
  const second = sessionOn(browser, cipher);
  expect(await second.indexing.run()).toBe("nothing-to-do");
  expect(second.seen.images).toBe(0);
  expect(second.indexing.status()).toEqual({ pending: 0, indexed: 3 });
  for (const file of files) expect(second.indexing.thingsOf(file.id)).toEqual(["dog"]);
  const [photo] = files;
  if (photo === undefined) throw new Error("no photo");
  const thumbnail = await library.client.downloadThumbnail(photo);
  expect(second.indexing.semanticMatches(vectorOf(thumbnail.length % 97)).has(photo.id)).toBe(true);
  // It asked for the embeddings after the stored time, got none, and fetched no document.
  expect(embeddingDiffs(second.calls)).toEqual([
    { path: "/embeddings/diff", sinceTime: clipTimeUs, answered: 0 },
  ]);
  expect(second.calls.filter(({ path }) => path === "/files/data/fetch")).toEqual([]);
  second.db?.close();

  // Without the stored indexes, a session pulls every embedding and document again.
  const unstored = sessionOn(undefined, undefined);
  expect(await unstored.indexing.run()).toBe("nothing-to-do");
  expect(embeddingDiffs(unstored.calls)).toEqual([
    { path: "/embeddings/diff", sinceTime: 0, answered: 3 },
  ]);
  expect(unstored.calls.filter(({ path }) => path === "/files/data/fetch")).toHaveLength(1);

  // Another device indexes a new photo: the next session pulls that one alone.
  files.push(
    await uploadTestFile(library.client, library.album, "dog-3.jpg", await generatedJpeg(3)),
  );
  const other = sessionOn(undefined, undefined);
  await other.runUntilDone();
  expect(other.seen.images).toBe(1);
  const third = sessionOn(browser, cipher);
  expect(await third.indexing.run()).toBe("nothing-to-do");
  expect(third.seen.images).toBe(0);
  expect(embeddingDiffs(third.calls)).toEqual([
    { path: "/embeddings/diff", sinceTime: clipTimeUs, answered: 1 },
  ]);
  expect(third.indexing.status()).toEqual({ pending: 0, indexed: 4 });
  expect(third.logged).toEqual([]);
  third.db?.close();

  const text = await storedText(browser.indexedDB, browser.IDBKeyRange);
  expect(text.length).toBeGreaterThan(2048);
  expect(holdsPlaintext(text, "dog")).toBe(false);
});

it("starts from zero when the stored indexes cannot be opened, and stores them again", async () => {
  const browser = freshIndexedDB();
  const first = sessionOn(browser, createLocalCipher(library.pool, await generateKeyB64()));
  await first.runUntilDone();
  first.db?.close();

  // Another key (another account's rows, or damage): nothing can be opened.
  const cipher = createLocalCipher(library.pool, await generateKeyB64());
  const second = sessionOn(browser, cipher);
  expect(await second.indexing.run()).toBe("nothing-to-do");
  expect(second.logged).toEqual(["Could not read the stored ML indexes; they are pulled again"]);
  expect(second.seen.images).toBe(0);
  expect(embeddingDiffs(second.calls)[0]).toMatchObject({ sinceTime: 0 });
  expect(second.indexing.status()).toEqual({ pending: 0, indexed: files.length });
  second.db?.close();

  const third = sessionOn(browser, cipher);
  expect(await third.indexing.run()).toBe("nothing-to-do");
  expect(third.logged).toEqual([]);
  expect(embeddingDiffs(third.calls)[0]?.answered).toBe(0);
  third.db?.close();
});
