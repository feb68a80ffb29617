// The bare pipeline page: a pick in its file input starts a run. Upload URLs
// are minted in batches (`GET /files/upload-urls`, two a file), then the files go
// to as many bare workers as the machine has cores, each taking the next
// file when it is done with one. See: [Note: The upload's baseline is the bare pipeline]

import { endpointSymbol } from "vite-plugin-comlink/symbol";
import { clientPackages, headerNames } from "../../../../shared/api/headers";
import type { BareFileResult, BarePipelinePage, BarePipelineTarget } from "./bare-pipeline";

/** `GET /files/upload-urls` gives at most 50 a call. */
const urlsPerCall = 50;

const mintUploadURLs = async ({ apiOrigin, token }: BarePipelineTarget, count: number) => {
  const urls: string[] = [];
  while (urls.length < count) {
    const asked = Math.min(urlsPerCall, count - urls.length);
    const response = await fetch(`${apiOrigin}/files/upload-urls?count=${String(asked)}`, {
      headers: {
        [headerNames.authToken]: token,
        [headerNames.clientPackage]: clientPackages.photosWeb,
      },
    });
    if (!response.ok) throw new Error(`upload-urls answered ${String(response.status)}`);
    const { urls: minted } = (await response.json()) as { urls: { url: string }[] };
    urls.push(...minted.map(({ url }) => url));
  }
  return urls;
};

const spawnWorker = () =>
  new ComlinkWorker<typeof import("./bare-upload.worker")>(
    new URL("./bare-upload.worker", import.meta.url),
    { type: "module", name: "bare-upload" },
  );

const run = async (target: BarePipelineTarget, files: readonly File[]) => {
  const started = performance.now();
  const workerCount = Math.max(1, navigator.hardwareConcurrency);
  const workers = Array.from({ length: workerCount }, spawnWorker);
  const results: BareFileResult[] = [];
  const errors: string[] = [];
  try {
    const urls = await mintUploadURLs(target, 2 * files.length);
    let next = 0;
    await Promise.all(
      workers.map(async (worker) => {
        for (let index = next++; index < files.length; index = next++) {
          const file = files[index];
          if (file === undefined) continue;
          try {
            results.push(
              await worker.uploadFile(
                file,
                { file: urls[2 * index] ?? "", thumbnail: urls[2 * index + 1] ?? "" },
                file.type.startsWith("image/"),
              ),
            );
          } catch (e) {
            errors.push(`${file.name}: ${String(e)}`);
          }
        }
      }),
    );
  } catch (e) {
    errors.push(String(e));
  } finally {
    for (const worker of workers) worker[endpointSymbol].terminate();
  }
  return { wallMs: performance.now() - started, workerCount, files: results, errors };
};

let target: BarePipelineTarget | undefined;
const input = document.querySelector<HTMLInputElement>("[data-testid=bare-upload-files]");
const page: BarePipelinePage = {
  prepare: (given) => {
    target = given;
    page.result = undefined;
  },
  result: undefined,
};
input?.addEventListener("change", () => {
  const files = [...(input.files ?? [])];
  if (target === undefined) throw new Error("Pick after prepare()");
  void run(target, files).then((result) => {
    page.result = result;
  });
});
window.cairnBarePipeline = page;
