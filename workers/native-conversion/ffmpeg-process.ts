// Runs the ffmpeg binary once and collects what it wrote, in memory: its
// stdout whole, the tail of its stderr. Ends it when it runs past its limit.

import { spawn } from "node:child_process";

export type FfmpegRun =
  /** The binary could not be started (missing, not executable): the platform cannot convert. */
  | { outcome: "not-started"; message: string }
  | { outcome: "timed-out"; stderr: string }
  | {
      outcome: "exited";
      exitCode: number | null;
      signal: string | null;
      stdout: Uint8Array;
      stderr: string;
    };

/** Characters of stderr kept: enough for the last lines, bounded against a chatty failure. */
const stderrTailChars = 64 * 1024;

// [Note: ffmpeg runs without FFREPORT]
//
// With FFREPORT set, ffmpeg writes a log file into its working directory.
// Logs at our level name no pixels, but the rule is that a conversion
// writes nothing anywhere, so ffmpeg gets this process's environment
// without that variable (the rest is kept: Windows needs `SystemRoot` for
// sockets).

const environmentWithoutReport = (): NodeJS.ProcessEnv => {
  const { FFREPORT: _report, ...environment } = process.env;
  return environment;
};

/** Runs `ffmpegPath args`, killing it after `timeLimitMs`. See: [Note: ffmpeg runs without FFREPORT] */
export const runFfmpeg = (
  ffmpegPath: string,
  args: readonly string[],
  timeLimitMs: number,
): Promise<FfmpegRun> =>
  new Promise((resolve) => {
    const child = spawn(ffmpegPath, args, {
      stdio: ["ignore", "pipe", "pipe"],
      env: environmentWithoutReport(),
      windowsHide: true,
    });
    const stdoutChunks: Buffer[] = [];
    let stderr = "";
    let timedOut = false;
    let settled = false;
    const settle = (run: FfmpegRun) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(run);
    };
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, timeLimitMs);
    child.stdout.on("data", (chunk: Buffer) => stdoutChunks.push(chunk));
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk: string) => {
      stderr = (stderr + chunk).slice(-stderrTailChars);
    });
    let spawnError: Error | undefined;
    child.on("error", (error) => {
      // Spawning failed (ENOENT, EACCES): no process to wait for.
      if (child.pid === undefined) {
        spawnError = error;
        settle({ outcome: "not-started", message: `ffmpeg could not start: ${error.message}` });
      }
    });
    child.on("close", (exitCode, signal) => {
      if (child.pid === undefined) {
        const reason = spawnError?.message ?? "no process";
        settle({ outcome: "not-started", message: `ffmpeg could not start: ${reason}` });
      } else if (timedOut) {
        settle({ outcome: "timed-out", stderr });
      } else {
        const stdout = Buffer.concat(stdoutChunks);
        settle({ outcome: "exited", exitCode, signal, stdout, stderr });
      }
    });
  });
