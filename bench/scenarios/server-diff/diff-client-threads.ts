import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import type { DiffClientsWork } from "./diff-clients.worker";
import type { ClientRun, DiffTarget } from "./read-whole-diff";

// [Note: The diff bench's clients run beside the server]
//
// The scenario starts the server in the bench's process (`startNodeCairn`)
// and used to run its clients in the same event loop. Reading a full page costs a
// client more than serving it costs the server once pages are kept
// ([Note: Encoded diff pages are cached by collection version]): a profile
// of 100 clients over a 100k-file album had the clients' fetch, gunzip,
// UTF-8 decoding, JSON parsing and their garbage at about 90 % of the one
// thread and the server's code, fastify, Kysely and the database drivers at
// about 5 %, so the figure measured the clients. They now run in worker
// threads, one per core, as clients on other machines would: the server's
// thread serves, the clients still share the machine's cores with it.

/** One client thread per core (the bar is for a 2-core machine). */
const clientThreadCount = Math.max(1, availableParallelism());

const workerURL = new URL("./diff-clients.worker.ts", import.meta.url);

/** A worker running TypeScript under tsx. See: [Note: Worker threads run TypeScript through tsx's API] */
const spawnClientsWorker = (work: DiffClientsWork): Worker => {
  const tsxAPIURL = import.meta.resolve("tsx/esm/api");
  const bootstrap = `import(${JSON.stringify(tsxAPIURL)}).then(({ tsImport }) => tsImport(${JSON.stringify(workerURL.href)}, ${JSON.stringify(import.meta.url)}));`;
  return new Worker(bootstrap, { eval: true, workerData: work });
};

/** A started worker's answer: its clients' runs. */
const nextMessage = <T>(worker: Worker): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });

export interface DiffClientsRun {
  runs: ClientRun[];
  /** From the word to start to the last client's end (thread start-up not counted). */
  wallMs: number;
}

/**
 * `clients` clients reading the whole diff at once, spread over the client
 * threads, started together once every thread is up; answers each client's
 * run. See: [Note: The diff bench's clients run beside the server]
 */
export const runDiffClients = async (
  target: DiffTarget,
  clients: number,
  onStart: () => void = () => undefined,
): Promise<DiffClientsRun> => {
  const threads = Math.min(clients, clientThreadCount);
  const shares = Array.from(
    { length: threads },
    (_, i) => Math.floor(clients / threads) + (i < clients % threads ? 1 : 0),
  );
  const workers = shares.map((share) => spawnClientsWorker({ target, clients: share }));
  try {
    await Promise.all(workers.map((worker) => nextMessage<"ready">(worker)));
    const answers = workers.map((worker) => nextMessage<ClientRun[]>(worker));
    onStart();
    const started = performance.now();
    for (const worker of workers) worker.postMessage("start");
    const runs = (await Promise.all(answers)).flat();
    return { runs, wallMs: performance.now() - started };
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
};
