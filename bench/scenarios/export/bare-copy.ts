// The export's baseline (performance.md): the same files downloaded,
// decrypted and written to a folder in one Node process, as few steps as a
// copy can take: no record, no sidecars, no temporary names, no flushes; as
// many files at once as the export keeps in flight.

import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { defaultExportConcurrency } from "../../../workers/export/export-files-stage";
import type { ExportLibrarySource } from "../../../workers/export/export-library";

export interface BareCopy {
  files: number;
  elapsedMs: number;
}

/** Copies every file of `source` into `folder/<collection id>/<file id>`. */
export const bareCopy = async (source: ExportLibrarySource, folder: string): Promise<BareCopy> => {
  const started = performance.now();
  const { files } = await source.load();
  const signal = new AbortController().signal;
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < files.length) {
      const file = files[next++];
      if (file === undefined) return;
      const dir = path.join(folder, String(file.collectionID));
      await mkdir(dir, { recursive: true });
      const chunks: Uint8Array[] = [];
      for await (const chunk of source.contents(file, signal)) chunks.push(chunk);
      await writeFile(path.join(dir, String(file.id)), chunks);
    }
  };
  await Promise.all(Array.from({ length: defaultExportConcurrency }, lane));
  return { files: files.length, elapsedMs: performance.now() - started };
};
