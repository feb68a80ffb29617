// The client log: `log.info/warn/error` keep each line, with its time, in
// local storage `logs` (capped, spec §9), so a user can send recent logs with a
// support request; in development they also go to the console.

import { browserLocalStorage, createLocalStore, type LocalStore } from "../storage/typed-storage";
import { appendLogEntry, formatLogLine, maxLogEntries, type LogLevel } from "./log-entries";

export interface Logger {
  info(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
}

export interface LoggerDependencies {
  store: LocalStore;
  nowMs: () => number;
  /** Where lines also go in development; absent in production. */
  console?: Pick<Console, LogLevel>;
  cap?: number;
}

export function createLogger({
  store,
  nowMs,
  console: devConsole,
  cap = maxLogEntries,
}: LoggerDependencies): Logger {
  const write = (level: LogLevel, args: unknown[]) => {
    devConsole?.[level](...args);
    const entry = { timestampMs: nowMs(), text: formatLogLine(level, args) };
    // A corrupt stored log reads as absent and is replaced by a fresh one.
    store.set("logs", appendLogEntry(store.get("logs") ?? [], entry, cap));
  };
  return {
    info: (...args) => {
      write("info", args);
    },
    warn: (...args) => {
      write("warn", args);
    },
    error: (...args) => {
      write("error", args);
    },
  };
}

// The log's own store cannot report its problems through the log (that would
// recurse), so they go to the console.
const logStore = createLocalStore(browserLocalStorage, (problem) => {
  console.warn("Client log storage problem", problem);
});

export const log: Logger = createLogger({
  store: logStore,
  nowMs: () => Date.now(),
  console: import.meta.env.DEV ? console : undefined,
});
