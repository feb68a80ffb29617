import { availableParallelism } from "node:os";
import type { Worker } from "node:worker_threads";
import { spawnTypeScriptWorker } from "../../server/test-support/typescript-worker";

// [Note: The bench's clients run beside the server]
//
// A scenario that loads the server with many clients runs them in worker
// threads, one per core, as clients on other machines would: the server's
// process (or thread) serves, and the clients share the machine's cores with
// it. Run in the server's event loop, the clients used to measure themselves:
// a profile of 100 diff clients over a 100k-file album had their fetch,
// gunzip, UTF-8 decoding, JSON parsing and garbage at about 90 % of the one
// thread, and the server's code, fastify, Kysely and the drivers at about 5 %.
//
// Each thread gets its share of the clients with its work, says "ready" once
// loaded, waits for the word to start (so that every thread starts together,
// after the slowest start-up), and answers its clients' runs.

/** One client thread per core (the bars are for a 2-core machine). */
const clientThreadCount = Math.max(1, availableParallelism());

/** A started worker's next message. */
const nextMessage = <T>(worker: Worker): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });

export interface ClientThreadsRun<Run> {
  runs: Run[];
  /** From the word to start to the last client's end (thread start-up not counted). */
  wallMs: number;
}

/**
 * `clients` clients spread over the client threads of `workerURL`, each
 * thread given `workFor(itsClientCount, firstClientIndex)`; started together
 * once every thread is up; answers every client's run.
 * See: [Note: The bench's clients run beside the server]
 */
export const runClientThreads = async <Run>(
  workerURL: URL,
  clients: number,
  workFor: (clientCount: number, firstClientIndex: number) => unknown,
  onStart: () => void = () => undefined,
): Promise<ClientThreadsRun<Run>> => {
  const threads = Math.min(clients, clientThreadCount);
  const shares = Array.from(
    { length: threads },
    (_, i) => Math.floor(clients / threads) + (i < clients % threads ? 1 : 0),
  );
  const firstIndexes = shares.map((_, i) => shares.slice(0, i).reduce((sum, n) => sum + n, 0));
  const workers = shares.map((share, i) =>
    spawnTypeScriptWorker(workerURL, workFor(share, firstIndexes[i] ?? 0)),
  );
  try {
    await Promise.all(workers.map((worker) => nextMessage<"ready">(worker)));
    const answers = workers.map((worker) => nextMessage<Run[]>(worker));
    onStart();
    const started = performance.now();
    for (const worker of workers) worker.postMessage("start");
    const runs = (await Promise.all(answers)).flat();
    return { runs, wallMs: performance.now() - started };
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
};

/**
 * The worker side: says it is ready, runs `runClients` at the word to start,
 * and answers their runs. See: [Note: The bench's clients run beside the server]
 */
export const serveClientThread = async <Run>(
  port: import("node:worker_threads").MessagePort | null,
  runClients: () => Promise<Run[]>,
): Promise<void> => {
  if (port === null) throw new Error("A bench clients worker runs in a worker thread");
  const started = new Promise((resolve) => port.once("message", resolve));
  port.postMessage("ready");
  await started;
  port.postMessage(await runClients());
};
