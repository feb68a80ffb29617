// A Cairn for a bench scenario: the real server on its embedded defaults
// (SQLite, objects in the data folder) in a temporary folder, serving the
// built web apps, with one account signed up over HTTP.

import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type RunningCairn, startCairn } from "../../server/src/main";
import { type NodeAccount, signUpNodeAccount } from "../../tests/test-support/node-account";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

export interface Credentials {
  email: string;
  password: string;
}

export interface BenchAccountServer {
  cairn: RunningCairn;
  /** The server's data folder (objects under `objects/`). */
  dataDir: string;
  credentials: Credentials;
  account: NodeAccount;
  /** Stops the server and deletes its data folder. */
  close: () => Promise<void>;
}

/** Starts a Cairn serving `webDistDir` and signs up one account named after `label`. */
export const startBenchAccountServer = async (
  label: string,
  webDistDir: string,
): Promise<BenchAccountServer> => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `cairn-bench-${label}-`));
  const cairn = await startCairn(
    {
      dataDir,
      webDistDir,
      logLevel: "warn",
      ports: { api: 0, photos: 0, accounts: 0, auth: 0 },
      // A scenario makes hundreds of requests a minute from one address.
      rateLimitScale: 100,
    },
    { environment: {}, cwd: repoRoot },
  );
  const close = async () => {
    await cairn.close();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const credentials = {
      email: `${label}-bench-${Date.now().toString(36)}@cairn.test`,
      password: `${label} bench password`,
    };
    const account = await signUpNodeAccount({
      apiOrigin: cairn.urls.api,
      mailDir: path.join(dataDir, "mail"),
      ...credentials,
    });
    return { cairn, dataDir, credentials, account, close };
  } catch (error) {
    await close();
    throw error;
  }
};
