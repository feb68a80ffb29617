import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { TestAccountClient } from "../test-support/account-client";
import {
  lastMailedCode,
  requestOverHTTP,
  startCairnProcess,
  type CairnProcess,
} from "../test-support/cairn-process";
import { createPostgresTestDatabase } from "../test-support/databases";
import {
  type HttpTestAlbum,
  createHttpTestAlbum,
  liveHttpTestFiles,
  newHttpTestFileBody,
  uploadSmallHttpTestFile,
  usageBytesOf,
} from "../test-support/http-library-calls";
import { newCollectionBody, signUpTestUser } from "../test-support/library-client";
import { type FakeS3, fakeS3Environment, startFakeS3 } from "../test-support/s3-server";
import { completionXML, putBytes } from "../test-support/library-files";

// The server killed with SIGKILL (no shutdown hook runs, as on a power cut or
// an out-of-memory kill) in the middle of the writes that matter, then
// started again over the same data folder and database: every acknowledged
// write is there, nothing is half registered, usage matches the live
// objects, and the client's retry completes. On SQLite and PostgreSQL with
// the local object folder, and on PostgreSQL with S3.

interface Backend {
  name: "sqlite" | "postgres" | "postgres and S3";
  /** A database URL (PostgreSQL) and how to drop it, or nothing for SQLite in the data folder. */
  create(): Promise<{ url: string | undefined; drop(): Promise<void> }>;
  /** Objects in a fake S3 rather than the data folder. */
  s3?: boolean;
}

const postgresAdminURL = process.env.CAIRN_TEST_DATABASE_URL;
const backends: Backend[] = [
  {
    name: "sqlite",
    create: () => Promise.resolve({ url: undefined, drop: () => Promise.resolve() }),
  },
  ...(postgresAdminURL === undefined
    ? []
    : [
        {
          name: "postgres" as const,
          create: () => createPostgresTestDatabase(postgresAdminURL),
        },
        {
          name: "postgres and S3" as const,
          create: () => createPostgresTestDatabase(postgresAdminURL),
          s3: true,
        },
      ]),
];

// Each test kills and restarts a server process, which on two cores busy with
// other suites can take tens of seconds.
vi.setConfig({ testTimeout: 120_000 });

const partBytes = 2 * 1024 * 1024;

describe.each(backends)("a server killed mid-write, on $name", (backend) => {
  let dir: string;
  let databaseURL: string | undefined;
  let dropDatabase: () => Promise<void>;
  let server: CairnProcess;
  let s3: FakeS3 | undefined;
  const http = {
    request: requestOverHTTP(() => server.apiURL),
    lastCode: (email: string) => lastMailedCode(path.join(dir, "data"), email),
  };
  const start = async () => {
    server = await startCairnProcess({
      dataDir: path.join(dir, "data"),
      databaseURL,
      ...(s3 === undefined ? {} : { environment: fakeS3Environment(s3) }),
    });
  };
  /** Kills the server once `ready()` holds, then starts it again. */
  const killWhen = async (ready: () => boolean) => {
    while (!ready()) await new Promise((resolve) => setTimeout(resolve, 2));
    await server.kill();
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "cairn-kill-"));
    if (backend.s3 === true) s3 = await startFakeS3();
    const database = await backend.create();
    databaseURL = database.url;
    dropDatabase = () => database.drop();
    await start();
  }, 120_000);
  afterAll(async () => {
    await server.stop();
    await s3?.close();
    await dropDatabase();
    await rm(dir, { recursive: true, force: true });
  });

  const signUp = (email: string) => signUpTestUser(http, email);

  const createCollection = createHttpTestAlbum;
  const newFileBody = newHttpTestFileBody;
  const uploadSmallFile = (user: TestAccountClient, album: HttpTestAlbum, fileBytes: number) =>
    uploadSmallHttpTestFile(user, album, randomBytes(fileBytes));
  const collectionFiles = liveHttpTestFiles;
  const usageBytes = usageBytesOf;

  it("keeps every acknowledged write of a burst, and the failed ones succeed when retried", async () => {
    const user = await signUp("burst@example.org");
    const acknowledged: number[] = [];
    const failed: string[] = [];
    const names = Array.from({ length: 400 }, (_, i) => `album ${String(i)}`);
    const writer = async (mine: string[]) => {
      for (const name of mine) {
        try {
          const { body } = await newCollectionBody(user, { name });
          const answer = await user.call("POST", "/collections", body);
          if (answer.statusCode === 200) {
            acknowledged.push(answer.json<{ collection: { id: number } }>().collection.id);
          } else failed.push(name);
        } catch {
          failed.push(name);
        }
      }
    };
    // Four writers at once, as a client saving several edits does.
    const burst = Promise.all([0, 1, 2, 3].map((w) => writer(names.filter((_, i) => i % 4 === w))));
    await killWhen(() => acknowledged.length >= 12);
    await burst;
    expect(failed.length).toBeGreaterThan(0);

    await start();
    const { collections } = await user.ok<{ collections: { id: number }[] }>(
      "GET",
      "/collections/v2?sinceTime=0",
    );
    const stored = new Set(collections.map((collection) => collection.id));
    for (const id of acknowledged) expect(stored.has(id), `album ${String(id)}`).toBe(true);
    for (const name of failed) await createCollection(user, name);
  });

  it("leaves no half-registered file after a kill during a multipart upload, and the retry completes", async () => {
    const user = await signUp("multipart@example.org");
    const album = await createCollection(user, "Holiday");
    const parts = [randomBytes(partBytes), randomBytes(partBytes), randomBytes(partBytes)];
    const { urls } = await user.ok<{ urls: { partURLs: string[] } }>(
      "GET",
      "/files/multipart-upload-urls?count=3",
    );
    expect((await putBytes(urls.partURLs[0] ?? "", parts[0] ?? new Uint8Array())).status).toBe(200);
    let sent = false;
    const inFlight = putBytes(urls.partURLs[1] ?? "", parts[1] ?? new Uint8Array())
      .catch(() => ({ status: 0 }))
      .finally(() => (sent = true));
    await killWhen(() => true);
    await inFlight;
    expect(sent).toBe(true);

    await start();
    expect(await collectionFiles(user, album.id)).toEqual([]);
    expect(await usageBytes(user)).toBe(0);

    // The client starts the file again, with new URLs, as the web app does.
    const retry = await user.ok<{
      urls: { objectKey: string; partURLs: string[]; completeURL: string };
    }>("GET", "/files/multipart-upload-urls?count=3");
    const etags: string[] = [];
    for (const [index, part] of parts.entries()) {
      const put = await putBytes(retry.urls.partURLs[index] ?? "", part);
      expect(put.status).toBe(200);
      etags.push(put.etag);
    }
    const completed = await fetch(retry.urls.completeURL, {
      method: "POST",
      body: completionXML(etags),
      headers: { "content-type": "text/xml" },
    });
    expect(completed.status).toBe(200);
    const { urls: thumbnailURLs } = await user.ok<{ urls: { objectKey: string; url: string }[] }>(
      "GET",
      "/files/upload-urls?count=1",
    );
    const thumbnail = thumbnailURLs[0];
    if (thumbnail === undefined) throw new Error("a URL expected");
    expect((await putBytes(thumbnail.url, randomBytes(100))).status).toBe(200);
    const fileSize = parts.length * partBytes;
    await user.ok(
      "POST",
      "/files",
      await newFileBody(
        album,
        { objectKey: retry.urls.objectKey, size: fileSize },
        { objectKey: thumbnail.objectKey, size: 100 },
      ),
    );
    expect(await collectionFiles(user, album.id)).toHaveLength(1);
    expect(await usageBytes(user)).toBe(fileSize + 100);
  });

  it("finishes a collection's deletion when the client retries it after a kill", async () => {
    const user = await signUp("delete@example.org");
    const album = await createCollection(user, "To delete");
    const kept = await createCollection(user, "To keep");
    for (let i = 0; i < 6; i++) await uploadSmallFile(user, album, 1000 + i);
    await uploadSmallFile(user, kept, 5000);
    const usageBefore = await usageBytes(user);

    const remove = () =>
      user.call(
        "DELETE",
        `/collections/v3/${String(album.id)}?collectionID=${String(album.id)}&keepFiles=false`,
      );
    const inFlight = remove().catch(() => undefined);
    await killWhen(() => true);
    await inFlight;

    await start();
    // A pull in the meantime sees a whole state, whichever it is.
    const between = await collectionFiles(user, album.id);
    expect([0, 6]).toContain(between.length);
    const retried = await remove();
    expect(retried.statusCode, retried.body).toBe(200);
    expect(await collectionFiles(user, album.id)).toEqual([]);
    expect(await collectionFiles(user, kept.id)).toHaveLength(1);
    // Trashed files still count until the trash is emptied.
    expect(await usageBytes(user)).toBe(usageBefore);
    const { diff } = await user.ok<{ diff: { file: { id: number } }[] }>(
      "GET",
      "/trash/v2/diff?sinceTime=0",
    );
    expect(diff).toHaveLength(6);
  });

  it("serves a whole diff to a client that retries a pull the kill cut", async () => {
    const user = await signUp("pull@example.org");
    const album = await createCollection(user, "Pulled");
    const uploaded = new Set<number>();
    for (let i = 0; i < 8; i++) uploaded.add((await uploadSmallFile(user, album, 500)).id);
    const inFlight = collectionFiles(user, album.id).catch(() => undefined);
    await killWhen(() => true);
    await inFlight;

    await start();
    const pulled = await collectionFiles(user, album.id);
    expect(new Set(pulled.map((file) => file.id))).toEqual(uploaded);
  });
});
