// A worker thread running some of the `server-diff` scenario's clients
// together. See: [Note: The bench's clients run beside the server]

import { parentPort, workerData } from "node:worker_threads";
import { serveClientThread } from "../../lib/client-threads";
import { type DiffTarget, readWholeDiff } from "./read-whole-diff";

/** What the scenario gives each worker. */
export interface DiffClientsWork {
  target: DiffTarget;
  clients: number;
}

const { target, clients } = workerData as DiffClientsWork;
await serveClientThread(parentPort, () =>
  Promise.all(Array.from({ length: clients }, () => readWholeDiff(target))),
);
