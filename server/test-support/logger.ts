import type { FastifyBaseLogger } from "fastify";

export interface LogEntry {
  level: "fatal" | "error" | "warn" | "info" | "debug" | "trace";
  args: unknown[];
}

/** A logger that keeps what it is told, for assertions, and prints nothing. */
export type RecordingLogger = FastifyBaseLogger & { entries: LogEntry[] };

export const recordingLogger = (): RecordingLogger => {
  const entries: LogEntry[] = [];
  const at =
    (level: LogEntry["level"]) =>
    (...args: unknown[]) => {
      entries.push({ level, args });
    };
  const logger = {
    entries,
    level: "trace",
    fatal: at("fatal"),
    error: at("error"),
    warn: at("warn"),
    info: at("info"),
    debug: at("debug"),
    trace: at("trace"),
    silent: () => undefined,
    child: () => logger,
  };
  return logger as RecordingLogger;
};
