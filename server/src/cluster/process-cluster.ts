import cluster, { type Worker } from "node:cluster";
import type { Listener } from "../config/config";
import { createRestartBudget } from "./restart-budget";

// [Note: Several server processes share the ports]
//
// One Node process serves from one core. `CAIRN_PROCESSES=N` runs N server
// processes with Node's cluster module: the primary process prepares what
// must happen once (the data folder, the secrets file, the database's
// migrations) so that the processes never race on them, then forks them;
// each runs `startCairn` and listens on the same ports, and the primary
// accepts the connections and hands them out in turn. A reverse proxy in
// front of several machines does the same with processes started there
// (server/README.md, "Several processes").
//
// Everything processes must agree on lives in the database: sessions, SRP
// and passkey ceremonies, one-time codes, and the background jobs' locks
// ([Note: Jobs take a database lock per run]); kept diff pages are keyed by
// the collection's version read from it ([Note: Encoded diff pages are
// cached by collection version]). Two things stay per process, by design:
//
// - Rate limits are counted in each process's memory ([Note: Fixed-window
//   counters]). A client's requests are spread over the processes, so N
//   processes allow up to N times each limit (10 account calls a minute
//   become up to 10·N; the global 1000 requests a second become 1000·N,
//   which is what N processes can serve).
// - The session cache: a token revoked through one process still works on
//   the others until their cached validation expires, at most a minute
//   (wire-contract §1.1 caches as long).
//
// PostgreSQL and S3 are the intended backends. SQLite and the local folder
// also work, for processes on one machine: SQLite lets one process write at a
// time, and a writer waits for the others up to its busy timeout.

/** What a server process tells the primary once every port listens. */
export interface ListeningMessage {
  kind: "cairn-listening";
  urls: Record<Listener, string>;
}

const isListeningMessage = (message: unknown): message is ListeningMessage =>
  typeof message === "object" &&
  message !== null &&
  (message as { kind?: unknown }).kind === "cairn-listening";

/** In a server process of a cluster: tells the primary its URLs. */
export const announceListening = (urls: Record<Listener, string>): void => {
  const message: ListeningMessage = { kind: "cairn-listening", urls };
  process.send?.(message);
};

export const isClusterWorker = (): boolean => cluster.isWorker;

/** How long the primary waits before replacing a process that died. */
const replacementDelayMs = 1_000;

export interface ClusterPrimaryOptions {
  processes: number;
  /** Called once every first process listens. */
  onListening: (urls: Record<Listener, string>) => void;
  /** Progress and trouble, one line each. */
  log: (line: string) => void;
  /** How long stopping may take before the processes are killed. */
  shutdownTimeoutMs: number;
}

/**
 * The primary of a cluster: forks `processes` server processes, replaces one
 * that dies within a budget, and stops them all on SIGINT or SIGTERM.
 * Resolves with the exit code once every process has ended.
 * See: [Note: Several server processes share the ports],
 * [Note: A crashing server process is replaced, within a budget]
 */
export const runClusterPrimary = ({
  processes,
  onListening,
  log,
  shutdownTimeoutMs,
}: ClusterPrimaryOptions): Promise<number> =>
  new Promise((resolve) => {
    const budget = createRestartBudget();
    const listening = new Set<Worker>();
    let announced = false;
    let stopping = false;
    let exitCode = 0;

    const fork = () => {
      const worker = cluster.fork();
      worker.on("message", (message: unknown) => {
        if (!isListeningMessage(message)) return;
        listening.add(worker);
        if (!announced && listening.size === processes) {
          announced = true;
          onListening(message.urls);
        } else if (announced) {
          log(`Server process ${String(worker.process.pid)} replaced the one that ended`);
        }
      });
    };

    const stopAll = (code: number) => {
      if (stopping) return;
      stopping = true;
      exitCode = code;
      const remaining = Object.values(cluster.workers ?? {});
      if (remaining.length === 0) {
        resolve(exitCode);
        return;
      }
      for (const worker of remaining) worker?.process.kill("SIGTERM");
      setTimeout(() => {
        for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGKILL");
      }, shutdownTimeoutMs).unref();
    };

    cluster.on("exit", (worker, code, signal) => {
      listening.delete(worker);
      if (stopping) {
        if (Object.keys(cluster.workers ?? {}).length === 0) resolve(exitCode);
        return;
      }
      // Node's types say a string; it is null when the process exited by itself.
      const how = (signal as string | null) ?? `code ${String(code)}`;
      if (!budget.allowsRestartAfterExit(Date.now())) {
        log(
          `Server process ${String(worker.process.pid)} ended (${how}); too many processes ended within a minute, stopping`,
        );
        stopAll(1);
        return;
      }
      log(`Server process ${String(worker.process.pid)} ended (${how}); starting another`);
      setTimeout(() => {
        if (!stopping) fork();
      }, replacementDelayMs);
    });

    for (const signal of ["SIGINT", "SIGTERM"] as const) {
      process.once(signal, () => {
        log(`${signal}: stopping ${String(processes)} server processes`);
        stopAll(0);
      });
    }
    for (let i = 0; i < processes; i += 1) fork();
  });
