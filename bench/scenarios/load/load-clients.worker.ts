// A worker thread running some of the `load` scenario's household devices
// together, with one crypto worker for their uploads.
// See: [Note: The bench's clients run beside the server]

import { parentPort, workerData } from "node:worker_threads";
import { createNodeCryptoPool } from "../../../workers/crypto/node-pool";
import { serveClientThread } from "../../lib/client-threads";
import { type LoadClientRun, type LoadTarget, runHouseholdClient } from "./household-client";

/** What the scenario gives each worker. */
export interface LoadClientsWork {
  target: LoadTarget;
  clients: number;
  /** The index of this thread's first client among all clients. */
  firstClientIndex: number;
}

const { target, clients, firstClientIndex } = workerData as LoadClientsWork;
const pool = await createNodeCryptoPool({ size: 1 });
try {
  await serveClientThread<LoadClientRun>(parentPort, () =>
    Promise.all(
      Array.from({ length: clients }, (_, i) => {
        const clientIndex = firstClientIndex + i;
        const member = target.members[clientIndex % target.members.length];
        if (member === undefined) throw new Error("A household has at least one member");
        return runHouseholdClient(target, member, clientIndex, pool);
      }),
    ),
  );
} finally {
  await pool.terminate();
}
