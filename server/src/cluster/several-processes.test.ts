import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestAccountClient } from "../../test-support/account-client";
import {
  type CairnProcess,
  lastMailedCode,
  requestOverHTTP,
  startCairnProcess,
} from "../../test-support/cairn-process";
import { createPostgresTestDatabase } from "../../test-support/databases";
import {
  createHttpTestAlbum,
  liveHttpTestFiles,
  newHttpTestFileBody,
  uploadSmallHttpTestFile,
  usageBytesOf,
} from "../../test-support/http-library-calls";
import { signUpTestUser } from "../../test-support/library-client";
import { putBytes } from "../../test-support/library-files";
import { type FakeS3, fakeS3Environment, startFakeS3 } from "../../test-support/s3-server";

// Several server processes on one PostgreSQL and one S3-compatible store, as
// behind a reverse proxy or with CAIRN_PROCESSES: what one process wrote, the
// other serves; when one is killed the other keeps serving and nothing is
// half registered. See: [Note: Several server processes share the ports]

const postgresAdminURL = process.env.CAIRN_TEST_DATABASE_URL;

/** How long a request may go unanswered before the client tries again. */
const requestTimeoutMs = 15_000;
/** Tries of one call through processes that may have just been killed. */
const failoverTries = 3;

/** Bytes of each small file the tests upload; a thumbnail adds 100. */
const smallFileBytes = 2_000;
const thumbnailBytes = 100;

describe.runIf(postgresAdminURL !== undefined)(
  "several server processes on one PostgreSQL and one S3",
  () => {
    let dir: string;
    let s3: FakeS3;
    let database: { url: string; drop(): Promise<void> };
    let first: CairnProcess;
    let second: CairnProcess;
    /** The process the client's next request goes to, as a proxy would choose. */
    let via: CairnProcess;
    /** Starting processes and signing up on two busy cores can take a while; CI runs suites side by side. */
    const processTestTimeoutMs = 120_000;
    const dataDir = () => path.join(dir, "data");
    const http = {
      // A connection the cluster's primary handed to a process just as it was
      // killed can stay open with nobody answering: the client gives up on a
      // request after a while and tries again, as browsers and proxies do.
      request: requestOverHTTP(() => via.apiURL, { timeoutMs: requestTimeoutMs }),
      lastCode: (email: string) => lastMailedCode(dataDir(), email),
    };
    const startServer = (processes?: number) =>
      startCairnProcess({
        // One data folder: the processes share its secrets file, as machines
        // behind a proxy share a copy of it.
        dataDir: dataDir(),
        databaseURL: database.url,
        ...(processes === undefined ? {} : { processes }),
        environment: fakeS3Environment(s3),
      });

    beforeAll(async () => {
      dir = await mkdtemp(path.join(os.tmpdir(), "cairn-processes-"));
      s3 = await startFakeS3();
      database = await createPostgresTestDatabase(postgresAdminURL ?? "");
      // One after the other: the first creates the secrets file and migrates.
      first = await startServer();
      second = await startServer();
    }, 120_000);
    afterAll(async () => {
      await first.stop();
      await second.stop();
      await s3.close();
      await database.drop();
      await rm(dir, { recursive: true, force: true });
    });

    /** Retries a call cut by a killed process through `fallback`, as a proxy retries on another backend. */
    const withFailover = async <T>(call: () => Promise<T>, fallback: CairnProcess): Promise<T> => {
      for (let tried = 1; ; tried += 1) {
        try {
          return await call();
        } catch (e) {
          if (tried >= failoverTries) throw e;
          via = fallback;
        }
      }
    };

    it(
      "serves through one process what was uploaded through the other, with the session made on the first",
      async () => {
        via = first;
        const user = await signUpTestUser(http, "two-processes@example.org");
        const album = await createHttpTestAlbum(user, "Through two doors");
        const fileBytes = randomBytes(300_000);
        const { urls } = await user.ok<{ urls: { objectKey: string; url: string }[] }>(
          "GET",
          "/files/upload-urls?count=2",
        );
        const [fileURL, thumbnailURL] = urls;
        if (fileURL === undefined || thumbnailURL === undefined) throw new Error("two URLs");
        expect((await putBytes(fileURL.url, fileBytes)).status).toBe(200);
        expect((await putBytes(thumbnailURL.url, randomBytes(thumbnailBytes))).status).toBe(200);

        via = second;
        const registered = await user.ok<{ id: number }>(
          "POST",
          "/files",
          await newHttpTestFileBody(
            album,
            { objectKey: fileURL.objectKey, size: fileBytes.length },
            { objectKey: thumbnailURL.objectKey, size: thumbnailBytes },
          ),
        );
        via = first;
        expect((await liveHttpTestFiles(user, album.id)).map((file) => file.id)).toEqual([
          registered.id,
        ]);
        const downloaded = await fetch(
          `${second.apiURL}/files/download/${String(registered.id)}?token=${encodeURIComponent(user.token)}`,
        );
        expect(downloaded.status).toBe(200);
        expect(Buffer.from(await downloaded.arrayBuffer()).equals(fileBytes)).toBe(true);
        expect(await usageBytesOf(user)).toBe(fileBytes.length + thumbnailBytes);
      },
      processTestTimeoutMs,
    );

    it(
      "keeps serving through the other process when one is killed mid-upload, and nothing is half registered",
      async () => {
        via = first;
        const user = await signUpTestUser(http, "killed-midway@example.org");
        const album = await createHttpTestAlbum(user, "Kept");
        const acknowledged: number[] = [];
        const uploads = (async () => {
          for (let i = 0; i < 16; i++) {
            const { id } = await withFailover(
              () => uploadSmallHttpTestFile(user, album, randomBytes(smallFileBytes)),
              second,
            );
            acknowledged.push(id);
          }
        })();
        while (acknowledged.length < 5) await new Promise((resolve) => setTimeout(resolve, 2));
        await first.kill();
        await uploads;

        expect(via).toBe(second);
        const live = (await liveHttpTestFiles(user, album.id)).map((file) => file.id);
        for (const id of acknowledged) expect(live).toContain(id);
        // A registration the kill cut before its answer is the one file more.
        expect(live.length - acknowledged.length).toBeLessThanOrEqual(1);
        expect(await usageBytesOf(user)).toBe(live.length * (smallFileBytes + thumbnailBytes));

        first = await startServer();
        via = first;
        expect((await liveHttpTestFiles(user, album.id)).map((file) => file.id).sort()).toEqual(
          live.sort(),
        );
      },
      processTestTimeoutMs,
    );

    it(
      "with CAIRN_PROCESSES=2, replaces a killed server process while the other keeps answering",
      async () => {
        const cluster = await startServer(2);
        try {
          via = cluster;
          const before = cluster.serverProcessIDs();
          expect(before).toHaveLength(2);
          const user: TestAccountClient = await signUpTestUser(http, "cluster@example.org");
          const album = await createHttpTestAlbum(user, "Shared ports");
          const [killed] = before;
          process.kill(killed ?? 0, "SIGKILL");
          const uploaded: number[] = [];
          for (let i = 0; i < 8; i++) {
            const { id } = await withFailover(
              () => uploadSmallHttpTestFile(user, album, randomBytes(smallFileBytes)),
              cluster,
            );
            uploaded.push(id);
          }
          const live = (await liveHttpTestFiles(user, album.id)).map((file) => file.id);
          for (const id of uploaded) expect(live).toContain(id);

          const deadline = Date.now() + 30_000;
          while (!cluster.output().includes("replaced the one that ended")) {
            if (Date.now() > deadline) throw new Error(`no replacement:\n${cluster.output()}`);
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
          const after = cluster.serverProcessIDs();
          expect(after).toHaveLength(2);
          expect(after).not.toContain(killed);
        } finally {
          await cluster.stop();
        }
        expect(cluster.serverProcessIDs()).toEqual([]);
      },
      processTestTimeoutMs,
    );
  },
);
