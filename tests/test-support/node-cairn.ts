// A real Cairn for Node tests and the bench: `startCairn` on a temporary data
// folder, free ports, SQLite (or the PostgreSQL URL given) and the local blob
// folder (or the S3 given), plus accounts signed up over HTTP.

import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { DatabaseConfig } from "../../server/src/config/config";
import type { ModelFile } from "../../shared/api/models";
import { type RunningCairn, type StartCairnOverrides, startCairn } from "../../server/src/main";
import { type NodeAccount, signUpNodeAccount } from "./node-account";
import { sharedTestPassword } from "./shared-test-kek";

export interface NodeCairn {
  cairn: RunningCairn;
  apiOrigin: string;
  dataDir: string;
  /** Signs up a new account with a fresh address. */
  signUp(label?: string): Promise<NodeAccount>;
  /** Stops the server and deletes its data folder. */
  close(): Promise<void>;
}

export interface NodeCairnOptions {
  database?: DatabaseConfig;
  blobs?: StartCairnOverrides["blobs"];
  /** Storage of a new account (free plan), in bytes. */
  freeStorageBytes?: number;
  /** `CAIRN_MODELS_DIR`, and the models it should hold (the tiny test models' sizes). */
  models?: { dir: string; files: readonly ModelFile[] };
}

/** Account calls made by tests exceed the per-minute limits meant for people. See: [Note: Rate limits scale for tests] */
const testRateLimitScale = 1000;

let accountCount = 0;

export const startNodeCairn = async (options: NodeCairnOptions = {}): Promise<NodeCairn> => {
  const root = await mkdtemp(path.join(os.tmpdir(), "cairn-node-"));
  const dataDir = path.join(root, "data");
  const webDistDir = path.join(root, "web");
  for (const app of ["photos", "accounts", "auth"]) {
    await mkdir(path.join(webDistDir, app), { recursive: true });
    await writeFile(
      path.join(webDistDir, app, "index.html"),
      "<!doctype html><title>Cairn</title>",
    );
  }
  const cairn = await startCairn(
    {
      dataDir,
      webDistDir,
      logLevel: "silent",
      ports: { api: 0, photos: 0, accounts: 0, auth: 0 },
      rateLimitScale: testRateLimitScale,
      ...(options.database === undefined ? {} : { database: options.database }),
      ...(options.blobs === undefined ? {} : { blobs: options.blobs }),
      ...(options.freeStorageBytes === undefined
        ? {}
        : { freeStorageBytes: options.freeStorageBytes }),
      ...(options.models === undefined ? {} : { modelsDir: options.models.dir }),
    },
    {
      environment: {},
      ...(options.models === undefined ? {} : { modelFiles: options.models.files }),
    },
  );
  const apiOrigin = cairn.urls.api;
  return {
    cairn,
    apiOrigin,
    dataDir,
    signUp: (label = "user") => {
      accountCount += 1;
      return signUpNodeAccount({
        apiOrigin,
        mailDir: path.join(dataDir, "mail"),
        email: `${label}-${String(process.pid)}-${String(accountCount)}-${Date.now().toString(36)}@cairn.test`,
        password: sharedTestPassword,
      });
    },
    close: async () => {
      await cairn.close();
      await rm(root, { recursive: true, force: true });
    },
  };
};
