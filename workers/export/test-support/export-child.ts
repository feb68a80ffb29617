// An export run in a process of its own, for the crash tests: it exports the
// library of the account in CAIRN_EXPORT_CHILD (JSON: apiOrigin, token,
// userID, accountKeys, folder) and prints `exported <n>` as files complete,
// so the test can kill it (-9) wherever it likes.

import { createNodeLibraryClient } from "../../library/node-library-client";
import type { LibraryAccountKeys } from "../../library/node-keyring";
import { runExport } from "../export-run";
import { createNodeExportFS } from "../node-export-fs";
import { nodeExportSource } from "../node-export-source";

interface ChildInput {
  apiOrigin: string;
  token: string;
  userID: number;
  accountKeys: LibraryAccountKeys;
  folder: string;
}

const input = JSON.parse(process.env.CAIRN_EXPORT_CHILD ?? "{}") as ChildInput;
const client = await createNodeLibraryClient({ ...input, poolSize: 1 });
await runExport(
  {
    fs: createNodeExportFS(input.folder),
    source: nodeExportSource(client),
    nowMs: () => Date.now(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    onStage: () => undefined,
    onProgress: (progress) => {
      process.stdout.write(`exported ${String(progress.success)}\n`);
    },
    onFileFailed: (fileID, error) => {
      process.stderr.write(`failed ${String(fileID)}: ${String(error)}\n`);
    },
  },
  { signal: new AbortController().signal, concurrency: 2 },
);
process.stdout.write("done\n");
await client.close();
