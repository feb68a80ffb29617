// The upload scenario's baseline pass: the same media set through the bare
// pipeline page, served by the bench's Cairn beside the photos app, in the
// same Chromium, with the CPU each process spent meanwhile.

// [Note: The upload's baseline is the bare pipeline]
//
// On a 2-core machine encryption is not what limits an upload: decoding a
// 12-MP JPEG for its thumbnail, hashing, and the server writing what it is
// sent cost more. So the upload is compared with the least any upload of
// the same files must do on the same machine: each file read once, hashed
// and encrypted as it is read, a photo's thumbnail made from a reduced-size
// JPEG decode with one draw and one JPEG encode, and both objects PUT to
// upload URLs the server minted, by bare code (libsodium and the browser's
// APIs) in as many workers as the machine has cores, with no UI. What the
// app does beyond that (EXIF and type sniffing, the thumbnail's
// by-halves downscale and quality steps, a video's frame through ffmpeg,
// metadata, `POST /files`, the gallery and the panel) is the overhead the
// ratio measures; the bare pipeline does not thumbnail videos, which makes
// the bar stricter, not looser.

import { fileURLToPath } from "node:url";
import path from "node:path";
import { build } from "vite";
import type { CdpBrowser } from "../../lib/cdp-browser";
import { benchPageViteConfig } from "../../lib/vite-page-config";
import type { BarePipelineRun } from "./bare-page/bare-pipeline";
import { type BenchCairn, fileHashB64 } from "./bench-cairn";
import type { MediaSet } from "./media-set";
import { uploadTimeoutMs } from "./parameters";
import { type CpuBreakdown, cpuBreakdown, cpuSnapshot } from "../../lib/proc-stats";

const pageRoot = fileURLToPath(new URL("./bare-page", import.meta.url));

/** Where the page sits inside the photos app's folder, and so its path on the photos origin. */
const pageFolder = "bare-pipeline";

/**
 * Builds the bare pipeline page into the photos app's folder of
 * `webDistDir` (after the app is built: the app's build empties the folder),
 * so that it is served from the app's origin, which the server lets call the API.
 */
export const buildBarePipelinePage = async (webDistDir: string): Promise<void> => {
  await build(benchPageViteConfig(pageRoot, path.join(webDistDir, "photos", pageFolder)));
};

export interface BarePass {
  run: BarePipelineRun;
  sourceBytes: number;
  storedBytes: number;
  cpu: CpuBreakdown;
}

/** Picks every file of `media` in the bare pipeline page and waits for its run to end. */
export const runBarePass = async ({
  browser,
  bench,
  media,
}: {
  browser: CdpBrowser;
  bench: BenchCairn;
  media: MediaSet;
}): Promise<BarePass> => {
  const page = await browser.newPage();
  try {
    await page.navigate(`${bench.cairn.urls.photos}/${pageFolder}/index.html`);
    await page.waitFor(() => window.cairnBarePipeline !== undefined, undefined, {
      timeoutMs: 60_000,
      pollMs: 100,
    });
    await page.evaluate(
      (target) => {
        window.cairnBarePipeline?.prepare(target);
      },
      { apiOrigin: bench.cairn.urls.api, token: bench.token },
    );
    const storedBefore = await bench.storedBytes();
    const before = cpuSnapshot();
    await page.setInputFiles(
      "[data-testid=bare-upload-files]",
      media.files.map((file) => file.path),
    );
    await page.waitFor(() => window.cairnBarePipeline?.result !== undefined, undefined, {
      timeoutMs: uploadTimeoutMs,
      pollMs: 100,
    });
    const cpu = cpuBreakdown(before, cpuSnapshot());
    const run = await page.evaluate(() => window.cairnBarePipeline?.result ?? null, undefined);
    if (run === null) throw new Error("The bare pipeline page lost its result");
    if (run.errors.length > 0 || run.files.length !== media.files.length) {
      throw new Error(
        `The bare pipeline sent ${String(run.files.length)} of ${String(media.files.length)} files: ${run.errors.slice(0, 5).join("; ")}`,
      );
    }
    // The bare code must do the work it stands for: its hash is the file's.
    const first = media.files[0];
    const firstResult = run.files.find((file) => file.name === first?.name);
    if (first !== undefined && firstResult?.hashB64 !== (await fileHashB64(first.path))) {
      throw new Error(`The bare pipeline hashed ${first.name} wrong`);
    }
    return {
      run,
      sourceBytes: media.totalBytes,
      storedBytes: (await bench.storedBytes()) - storedBefore,
      cpu,
    };
  } finally {
    await page.close();
  }
};
