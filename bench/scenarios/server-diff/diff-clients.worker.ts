// A worker thread running some of the `server-diff` scenario's clients
// together: it says it is ready, waits for the word to start, answers their
// runs and ends. See: [Note: The diff bench's clients run beside the server]

import { parentPort, workerData } from "node:worker_threads";
import { type DiffTarget, readWholeDiff } from "./read-whole-diff";

/** What the scenario gives each worker. */
export interface DiffClientsWork {
  target: DiffTarget;
  clients: number;
}

const { target, clients } = workerData as DiffClientsWork;
const port = parentPort;
if (port === null) throw new Error("A diff clients worker runs in a worker thread");
port.once("message", () => {
  void Promise.all(Array.from({ length: clients }, () => readWholeDiff(target))).then((runs) => {
    port.postMessage(runs);
  });
});
port.postMessage("ready");
