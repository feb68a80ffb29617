import { type ClientThreadsRun, runClientThreads } from "../../lib/client-threads";
import type { DiffClientsWork } from "./diff-clients.worker";
import type { ClientRun, DiffTarget } from "./read-whole-diff";

const workerURL = new URL("./diff-clients.worker.ts", import.meta.url);

/**
 * `clients` clients reading the whole diff at once, spread over the client
 * threads, started together once every thread is up; answers each client's
 * run. See: [Note: The bench's clients run beside the server]
 */
export const runDiffClients = (
  target: DiffTarget,
  clients: number,
  onStart: () => void = () => undefined,
): Promise<ClientThreadsRun<ClientRun>> =>
  runClientThreads<ClientRun>(
    workerURL,
    clients,
    (share): DiffClientsWork => ({ target, clients: share }),
    onStart,
  );
