import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import Fastify from "fastify";
import type { BlobStore } from "../src/blobs/blob-store";
import { registerLocalBlobRoutes } from "../src/blobs/local/local-blob-routes";
import { createLocalBlobStore, type LocalBlobStore } from "../src/blobs/local/local-blob-store";
import {
  createS3BlobStore,
  type S3CallLimits,
  type S3CopyLimits,
} from "../src/blobs/s3-blob-store";
import { type FakeS3, fakeS3Credentials, startFakeS3 } from "./s3-server";

export interface RunningBlobStore<S extends BlobStore = BlobStore> {
  store: S;
  close: () => Promise<void>;
}

export interface TestBlobStoreBackend {
  name: "local" | "s3";
  start(): Promise<RunningBlobStore>;
}

/** A local store in a temporary folder, its routes served on a free port. */
export const startLocalBlobStore = async (
  nowMs?: () => number,
): Promise<RunningBlobStore<LocalBlobStore> & { dir: string }> => {
  const dir = await mkdtemp(path.join(os.tmpdir(), "cairn-blobs-"));
  const app = Fastify();
  let baseURL = "";
  const store = createLocalBlobStore({
    dir: path.join(dir, "objects"),
    signingKey: randomBytes(32),
    apiURL: () => baseURL,
    nowMs,
  });
  await registerLocalBlobRoutes(app, store);
  await app.listen({ host: "127.0.0.1", port: 0 });
  baseURL = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return {
    store,
    dir,
    close: async () => {
      await app.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
};

const localBackend: TestBlobStoreBackend = { name: "local", start: () => startLocalBlobStore() };

/** The S3 blob store of the server, over the fake S3 `fake`. */
export const createS3BlobStoreOn = (
  fake: FakeS3,
  limits?: S3CallLimits,
  copyLimits?: S3CopyLimits,
): BlobStore =>
  createS3BlobStore(
    {
      kind: "s3",
      endpoint: fake.endpoint,
      region: "us-east-1",
      bucket: fake.bucket,
      ...fakeS3Credentials,
      forcePathStyle: true,
    },
    limits,
    copyLimits,
  );

const s3Backend: TestBlobStoreBackend = {
  name: "s3",
  start: async () => {
    const fake = await startFakeS3();
    const store = createS3BlobStoreOn(fake);
    return {
      store,
      close: async () => {
        await store.close();
        await fake.close();
      },
    };
  },
};

/** Both backends, always: the local folder and S3 (s3rver). */
export const testBlobStoreBackends = (): TestBlobStoreBackend[] => [localBackend, s3Backend];
