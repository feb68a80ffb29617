// The large-video pass's exporting process: it exports the library of the
// account in CAIRN_BENCH_EXPORT_CHILD (JSON: apiOrigin, token, userID,
// accountKeys, folder) while sampling its own resident memory, and prints
// one JSON line: the memory before the export began and at its peak. Its own
// process, so that the server's memory (it serves the download) is not in
// the figure.

import { createNodeLibraryClient } from "../../../workers/library/node-library-client";
import type { LibraryAccountKeys } from "../../../workers/library/node-keyring";
import { runExport } from "../../../workers/export/export-run";
import { createNodeExportFS } from "../../../workers/export/node-export-fs";
import { nodeExportSource } from "../../../workers/export/node-export-source";
import type { ExportLibrarySource } from "../../../workers/export/export-library";
import { warmUpTitle } from "./parameters";

interface ChildInput {
  apiOrigin: string;
  token: string;
  userID: number;
  accountKeys: LibraryAccountKeys;
  folder: string;
  warmUpFolder: string;
}

/** How often the resident memory is read, ms. */
const sampleEveryMs = 20;

const input = JSON.parse(process.env.CAIRN_BENCH_EXPORT_CHILD ?? "{}") as ChildInput;
const client = await createNodeLibraryClient({ ...input });
const source = nodeExportSource(client);

/** The library's files whose title says so, as a source of their own. */
const sourceOf = (keep: (title: string) => boolean): ExportLibrarySource => ({
  load: async () => {
    const library = await source.load();
    return { ...library, files: library.files.filter((file) => keep(file.metadata.title)) };
  },
  contents: (file, signal) => source.contents(file, signal),
});

const exportInto = (folder: string, from: ExportLibrarySource) =>
  runExport(
    {
      fs: createNodeExportFS(folder),
      source: from,
      nowMs: () => Date.now(),
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      onStage: () => undefined,
      onProgress: () => undefined,
      onFileFailed: (fileID, error) => {
        process.stderr.write(`failed ${String(fileID)}: ${String(error)}\n`);
      },
    },
    { signal: new AbortController().signal },
  );

// [Note: The large export's memory is measured from a warm process]
// What a process holds once it has exported anything (the crypto pool's
// threads, libsodium's heap grown to a 4 MiB chunk, the HTTP agent) is not
// what a large file adds: a few videos of a few MiB are exported first,
// side by side (so that every crypto thread decrypts one), and the baseline
// is read after them.
await exportInto(
  input.warmUpFolder,
  sourceOf((title) => title === warmUpTitle),
);
const baselineRssBytes = process.memoryUsage.rss();
let peakRssBytes = baselineRssBytes;
const sampler = setInterval(() => {
  peakRssBytes = Math.max(peakRssBytes, process.memoryUsage.rss());
}, sampleEveryMs);
const started = performance.now();
const result = await exportInto(
  input.folder,
  sourceOf((title) => title !== warmUpTitle),
);
const elapsedMs = performance.now() - started;
clearInterval(sampler);
process.stdout.write(
  `${JSON.stringify({ baselineRssBytes, peakRssBytes, elapsedMs, progress: result.progress })}\n`,
);
await client.close();
