// What a dedicated browser worker gives ffmpeg.wasm and Node lacks, for the
// unit tests that run the real core under Node: the core's `self.location`,
// `FileReaderSync` (WORKERFS reads the mounted Blob through it, a slice at a
// time) and a fetch for the `file:` URL of the WebAssembly. The modules under
// test are the ones the browser runs, unchanged.
// See: [Note: ffmpeg.wasm runs in our worker, from @ffmpeg/core directly]

import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { FFmpegCoreSource } from "../ffmpeg-core";

/** The npm package's ES module build and its WebAssembly, as file URLs. */
export const nodeFFmpegCore: FFmpegCoreSource = (() => {
  // The package's `require` export is the UMD build; the ES module sits beside it.
  const umdPath = createRequire(import.meta.url).resolve("@ffmpeg/core");
  const esmPath = umdPath.replace(/[\\/]umd[\\/]ffmpeg-core\.js$/, "/esm/ffmpeg-core.js");
  return {
    coreURL: pathToFileURL(esmPath).href,
    wasmURL: pathToFileURL(esmPath.replace(/\.js$/, ".wasm")).href,
  };
})();

/** Node's fetch has no `file:` URLs; this serves them as a static server would. */
export const fetchFileURL = async (url: string): Promise<Response> =>
  new Response(await readFile(fileURLToPath(url)), {
    headers: { "content-type": url.endsWith(".wasm") ? "application/wasm" : "text/javascript" },
  });

/**
 * A helper thread that reads a Blob (asynchronously, the only way Node can)
 * into shared memory and wakes the caller, which waits on it: a synchronous
 * read, as FileReaderSync is.
 */
const readerSource = `
const { parentPort } = require("node:worker_threads");
parentPort.on("message", async ({ blob, shared }) => {
  const state = new Int32Array(shared, 0, 1);
  try {
    new Uint8Array(shared, 4).set(new Uint8Array(await blob.arrayBuffer()));
    Atomics.store(state, 0, 1);
  } catch {
    Atomics.store(state, 0, 2);
  }
  Atomics.notify(state, 0);
});
`;

/** A read that takes longer than this is a broken helper thread, not a slow disk. */
const readTimeoutMs = 30_000;

export interface NodeFFmpegHost {
  /** Bytes ffmpeg has read from mounted Blobs since the last reset. */
  bytesRead(): number;
  resetBytesRead(): void;
  uninstall(): Promise<void>;
}

interface WorkerLikeGlobals {
  self?: unknown;
  FileReaderSync?: unknown;
}

/** Puts `self.location` and `FileReaderSync` on Node's global object until `uninstall`. */
export const installNodeFFmpegHost = (): NodeFFmpegHost => {
  const globals = globalThis as WorkerLikeGlobals;
  const saved = { self: globals.self, FileReaderSync: globals.FileReaderSync };
  const reader = new Worker(readerSource, { eval: true });
  let bytesRead = 0;

  class NodeFileReaderSync {
    readAsArrayBuffer(blob: Blob): ArrayBuffer {
      const shared = new SharedArrayBuffer(4 + blob.size);
      const state = new Int32Array(shared, 0, 1);
      reader.postMessage({ blob, shared });
      if (Atomics.wait(state, 0, 0, readTimeoutMs) === "timed-out" || state[0] !== 1) {
        throw new Error(`Reading ${String(blob.size)} bytes of a Blob failed`);
      }
      bytesRead += blob.size;
      return new Uint8Array(shared, 4).slice().buffer;
    }
  }

  globals.self = { location: { href: nodeFFmpegCore.coreURL } };
  globals.FileReaderSync = NodeFileReaderSync;
  return {
    bytesRead: () => bytesRead,
    resetBytesRead: () => {
      bytesRead = 0;
    },
    uninstall: async () => {
      globals.self = saved.self;
      globals.FileReaderSync = saved.FileReaderSync;
      await reader.terminate();
    },
  };
};
