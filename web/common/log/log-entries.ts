// Pure rules of the client log kept in local storage.

import type { LogEntry } from "../storage/local-storage-keys";

/** Spec §9: the local log keeps the last 1000 entries. */
export const maxLogEntries = 1000;

/** `entries` with `entry` appended, dropping the oldest so at most `cap` remain. */
export function appendLogEntry(
  entries: readonly LogEntry[],
  entry: LogEntry,
  cap: number = maxLogEntries,
): LogEntry[] {
  if (cap <= 0) return [];
  const kept = entries.length >= cap ? entries.slice(entries.length - cap + 1) : entries;
  return [...kept, entry];
}

export type LogLevel = "info" | "warn" | "error";

/** One log line: the level, then every argument (errors with their stack). */
export function formatLogLine(level: LogLevel, args: readonly unknown[]): string {
  return [`[${level}]`, ...args.map(formatLogArgument)].join(" ");
}

function formatLogArgument(value: unknown): string {
  switch (typeof value) {
    case "string":
      return value;
    case "undefined":
      return "undefined";
    case "bigint":
    case "symbol":
      return value.toString();
    case "function":
      return `[function ${value.name}]`;
    default:
      break;
  }
  if (value instanceof Error) {
    const head = `${value.name}: ${value.message}`;
    return value.stack?.includes(value.message) ? value.stack : `${head}\n${value.stack ?? ""}`;
  }
  try {
    return JSON.stringify(value);
  } catch {
    // A cyclic object, or one holding BigInts.
    return Object.prototype.toString.call(value);
  }
}
