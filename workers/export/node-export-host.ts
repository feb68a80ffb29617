// The export host over Node's I/O: the folder on disk, downloads with the
// session's token, decryption in crypto worker threads. The desktop app's
// export process runs this (`electron/utility/export.ts`), and so does the
// browser test of the desktop export.

import { createApiClient } from "../../shared/api/client";
import { createNodeCryptoPool } from "../crypto/node-pool";
import { type ExportHost, startExportHost } from "./export-host";
import { createNodeExportFS } from "./node-export-fs";

export interface NodeExportHost {
  host: ExportHost;
  /** Stops the run, if any, and the crypto threads. */
  close(): Promise<void>;
}

export const startNodeExportHost = async ({
  cryptoThreads,
  log,
}: {
  cryptoThreads: number;
  log: (message: string, cause?: unknown) => void;
}): Promise<NodeExportHost> => {
  const pool = await createNodeCryptoPool({ size: cryptoThreads });
  const host = startExportHost({
    exportFS: createNodeExportFS,
    downloadDeps: (session) => ({
      api: createApiClient({
        apiOrigin: session.apiOrigin,
        clientPackage: session.clientPackage,
        fetch: (input, init) => fetch(input, init),
        getAuthToken: () => session.token,
      }),
      pool,
    }),
    nowMs: Date.now,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    log,
  });
  return {
    host,
    close: async () => {
      await host.stop();
      await pool.terminate();
    },
  };
};
