// The fixed values of `npm run export`: its exit codes, the folder it makes,
// how often a continuous export runs and the environment variables it reads.

/** The process exit codes, documented in `--help` and README.md ("Backing up from the command line"). */
export const ExportExitCode = {
  /** Every file was exported, or nothing was new. */
  exported: 0,
  /** The run finished, but some files failed (the next run tries them again). */
  filesFailed: 1,
  /** The command line is wrong, or the folder it names does not exist. */
  usage: 2,
  /** The login failed: the password, a second factor, or a session the server ended. */
  loginFailed: 3,
  /** The run stopped before its end (spec §8): the folder, the disk, the record, or Ctrl-C. */
  runStopped: 4,
  /** The server could not be reached, failed (5xx) or asked to wait (429): worth trying later. */
  serverUnreachable: 5,
  /** Anything else: a bug, or a server that is not a Cairn. */
  unexpected: 6,
} as const;
export type ExportExitCode = (typeof ExportExitCode)[keyof typeof ExportExitCode];

export { exportFolderName } from "../../shared/model/export/export-names";

/**
 * How long `--continuous` waits after a run before the next: the
 * reference's periodic pull interval. A run reads the whole library from the
 * server (a device with no local copy of it), so a shorter wait would mostly
 * re-read an unchanged library.
 */
export const continuousExportIntervalMs = 5 * 60_000;

/** The password of `--email`: an environment variable, so that it stays out of `ps` and shell history. */
export const passwordVariable = "CAIRN_PASSWORD";

/** The two-factor code of an account that has one, for a login without a terminal. */
export const totpCodeVariable = "CAIRN_TOTP_CODE";
