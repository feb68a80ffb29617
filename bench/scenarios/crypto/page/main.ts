// The bench page: runs the measurements the driver asks for, in this browser.
// See bench/scenarios/crypto/index.ts.

import { endpointSymbol } from "vite-plugin-comlink/symbol";
import { createBrowserCryptoPool } from "../../../../workers/crypto/browser-pool";
import type { CryptoPool } from "../../../../workers/crypto/pool";
import {
  decryptThroughStream,
  encryptThroughStream,
} from "../../../../workers/crypto/stream-pipeline";
import {
  CHUNK_BYTES,
  type CryptoBenchPage,
  RUNS,
  type RunTiming,
  SRP_SHIM_CHECK,
  STREAM_BYTES,
  type StreamTiming,
} from "../parameters";
import { randomChunks, sameConcatenation } from "./chunks";

const collect = async (source: AsyncIterable<Uint8Array>): Promise<Uint8Array[]> => {
  const chunks: Uint8Array[] = [];
  for await (const chunk of source) chunks.push(chunk);
  return chunks;
};

/**
 * Encrypts `plaintext` through a pool stream session, then decrypts it back
 * through another; the pool takes (transfers) every chunk it is given.
 */
const streamRoundTrip = async (
  pool: CryptoPool,
  plaintext: Uint8Array[],
): Promise<StreamTiming & { decrypted: Uint8Array[] }> => {
  const start = performance.now();
  const encryption = await pool.openEncryptionStream();
  const ciphertext = await collect(encryptThroughStream(encryption, plaintext));
  const encrypted = performance.now();
  const decryption = await pool.openDecryptionStream(
    encryption.decryptionHeaderB64,
    encryption.keyB64,
  );
  const decrypted = await collect(decryptThroughStream(decryption, ciphertext));
  const end = performance.now();
  return { encryptMs: encrypted - start, decryptMs: end - encrypted, decrypted };
};

const copies = (chunks: readonly Uint8Array[]) => chunks.map((chunk) => chunk.slice());

const runPool = async (workerCount: number): Promise<RunTiming[]> => {
  const pool = createBrowserCryptoPool(workerCount);
  try {
    const originals = Array.from({ length: workerCount }, () =>
      randomChunks(STREAM_BYTES, CHUNK_BYTES),
    );
    // Warm-up: instantiate libsodium in every worker, untimed.
    await Promise.all(originals.map((chunks) => streamRoundTrip(pool, copies(chunks.slice(0, 1)))));
    const runs: RunTiming[] = [];
    for (let run = 0; run < RUNS; run++) {
      const inputs = originals.map(copies); // the pool detaches what it is given
      const start = performance.now();
      const results = await Promise.all(inputs.map((chunks) => streamRoundTrip(pool, chunks)));
      const wallMs = performance.now() - start;
      results.forEach(({ decrypted }, stream) => {
        if (!sameConcatenation(originals[stream] ?? [], decrypted)) {
          throw new Error(`Pool of ${workerCount}: stream ${stream} decrypted to different bytes`);
        }
      });
      runs.push({
        wallMs,
        streams: results.map(({ encryptMs, decryptMs }) => ({ encryptMs, decryptMs })),
      });
    }
    return runs;
  } finally {
    pool.terminate();
  }
};

const checkShims = async (): Promise<boolean> => {
  const pool = createBrowserCryptoPool(1);
  try {
    const { srpUserID, srpSaltB64, loginSubKeyB64, srpVerifierB64 } = SRP_SHIM_CHECK;
    return (await pool.srpVerifierB64(srpUserID, srpSaltB64, loginSubKeyB64)) === srpVerifierB64;
  } finally {
    pool.terminate();
  }
};

// vite-plugin-comlink rewrites `new ComlinkWorker(...)` into a statement
// ending in `;`, so the constructor must stand alone, not inside an expression.
const spawnBareWorker = () => {
  const worker = new ComlinkWorker<typeof import("./bare.worker")>(
    new URL("./bare.worker", import.meta.url),
    { type: "module", name: "bare-libsodium" },
  );
  return worker;
};

const runBare = async (): Promise<RunTiming[]> => {
  const bare = spawnBareWorker();
  try {
    return await bare.runBare();
  } finally {
    bare[endpointSymbol].terminate();
  }
};

/**
 * Bare libsodium in two workers at once, each with its own 64 MiB already
 * there: what two workers of this browser give when nothing of ours runs,
 * the limit for our pool of two.
 */
const runBarePair = async (): Promise<RunTiming[]> => {
  const workers = [spawnBareWorker(), spawnBareWorker()];
  try {
    await Promise.all(workers.map((worker) => worker.prepareBare()));
    const runs: RunTiming[] = [];
    for (let run = 0; run < RUNS; run++) {
      const start = performance.now();
      const timings = await Promise.all(workers.map((worker) => worker.runPreparedOnce()));
      runs.push({
        wallMs: performance.now() - start,
        streams: timings.flatMap((timing) => timing.streams),
      });
    }
    return runs;
  } finally {
    for (const worker of workers) worker[endpointSymbol].terminate();
  }
};

const page: CryptoBenchPage = { checkShims, runBare, runBarePair, runPool };
window.cairnCryptoBench = page;
