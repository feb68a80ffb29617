// `npm run export -- --folder DIR`: logs in and exports the account's own
// library into `DIR/Cairn Photos` with the export engine (`ExportService`
// over `runExport`), once or, with `--continuous`, every few minutes until
// Ctrl-C. Its I/O (output, the terminal, signals, the clock, the login) is
// handed in, so that the tests run it in-process as well as in a child.

import { mkdir, stat } from "node:fs/promises";
import path from "node:path";
import { ConfigError, loadConfig, publicURLsFor } from "../../server/src/config/config";
import type { NodeLoginOptions, NodeSession } from "../../workers/account/node-login";
import { ExportRunStoppedError, stopReasonOfFSError } from "../../workers/export/export-errors";
import type { ExportProgress } from "../../workers/export/export-run";
import { ExportService, type ExportStatus } from "../../workers/export/export-service";
import { createNodeExportFS } from "../../workers/export/node-export-fs";
import { nodeExportSource } from "../../workers/export/node-export-source";
import {
  type NodeLibraryClient,
  createNodeLibraryClient,
} from "../../workers/library/node-library-client";
import {
  type ExportArguments,
  ExportUsageError,
  exportUsage,
  parseExportArguments,
} from "./export-arguments";
import { ExportExitCode, continuousExportIntervalMs, exportFolderName } from "./export-constants";
import { type FailureContext, exportFailureOf } from "./export-failures";
import { logInForExport } from "./export-login";
import { ExportProgressOutput, type ProgressStream } from "./export-progress-output";
import { type FailedFile, runSummaryLines } from "./export-summary";
import type { TerminalPrompt } from "./terminal-prompt";

export interface ExportCommandIO {
  environment: Readonly<Record<string, string | undefined>>;
  cwd: string;
  /** Where the summaries and the help go (stdout). */
  out: (text: string) => void;
  /** Where what the command does and why it failed go (stderr). */
  err: (text: string) => void;
  /** Where the progress line goes (stderr). */
  progress: ProgressStream;
  /** The terminal to ask on; undefined when stdin is not one. */
  terminal: TerminalPrompt | undefined;
  /**
   * Calls `listener` at the first Ctrl-C (or SIGTERM) from now on; answers
   * the function that stops listening. A second one is the host's to
   * handle (the process's default: it ends at once).
   */
  onInterrupt: (listener: () => void) => () => void;
  /** ms; `Date.now` by default. */
  nowMs?: () => number;
  /** `loginFromNode` by default (tests hand in one with a derived key). */
  login?: (options: NodeLoginOptions) => Promise<NodeSession>;
}

/** The server's settings that place its API, as `npm start` reads them. */
const apiVariables = ["CAIRN_HOST", "CAIRN_API_PORT", "CAIRN_API_URL"] as const;

/**
 * The API origin of the server that `npm start` runs with this environment:
 * `http://localhost:8080` unless CAIRN_API_URL, CAIRN_HOST or
 * CAIRN_API_PORT say otherwise. See: [Note: Server configuration]
 */
export const localApiOrigin = (
  environment: Readonly<Record<string, string | undefined>>,
  cwd: string,
): string => {
  const config = loadConfig(
    Object.fromEntries(apiVariables.map((name) => [name, environment[name]])),
    cwd,
  );
  return publicURLsFor(config, config.ports).api;
};

const errorCode = (error: unknown): string | undefined =>
  error instanceof Error && "code" in error && typeof error.code === "string"
    ? error.code
    : undefined;

/** A file system error as the stop it means (the disk full, read-only), or itself. */
const asFolderStop = (error: unknown): unknown => {
  const reason = stopReasonOfFSError(error);
  return reason === undefined ? error : new ExportRunStoppedError(reason, { cause: error });
};

// [Note: The export folder is made only inside a folder that exists]
//
// `DIR/Cairn Photos` is created when missing, but `DIR` never is: a `DIR`
// on a disk that is not mounted at the moment (a USB disk, a network share)
// is missing, and making it would put the whole library on whatever disk
// holds its mount point. So `DIR` missing is an error of the command line,
// found before the password is asked for. The README advises a `DIR` inside
// the disk rather than its mount point, whose empty folder stays behind
// when the disk is gone.

/** `DIR` exists and is a folder, else a usage error. See: [Note: The export folder is made only inside a folder that exists] */
const ensureChosenFolder = async (chosenFolder: string): Promise<void> => {
  let isFolder: boolean;
  try {
    isFolder = (await stat(chosenFolder)).isDirectory();
  } catch (error) {
    if (errorCode(error) === "ENOENT" || errorCode(error) === "ENOTDIR") {
      throw new ExportUsageError(
        `The folder ${chosenFolder} does not exist: create it, or give another --folder`,
      );
    }
    throw asFolderStop(error);
  }
  if (!isFolder) throw new ExportUsageError(`${chosenFolder} is not a folder`);
};

/** Makes `DIR/Cairn Photos` when it is missing. */
const makeExportFolder = async (exportFolder: string): Promise<void> => {
  try {
    await mkdir(exportFolder);
  } catch (error) {
    if (errorCode(error) !== "EEXIST") throw asFolderStop(error);
    if (!(await stat(exportFolder)).isDirectory()) {
      throw new ExportUsageError(`${exportFolder} exists and is not a folder`);
    }
  }
};

const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

/** What one run brought: its own progress, failed files and failure. */
interface RunRecord {
  /** A stage of this run was seen (the status holds the last run's stage until then). */
  stageSeen: boolean;
  progress: ExportProgress;
  failedFiles: FailedFile[];
  failure: { error: unknown } | undefined;
}

const newRunRecord = (): RunRecord => ({
  stageSeen: false,
  progress: { total: 0, success: 0, failed: 0 },
  failedFiles: [],
  failure: undefined,
});

/** Runs the exports of `args` with a logged-in client; answers the last run's exit code. */
const exportLibrary = async (
  io: ExportCommandIO,
  args: ExportArguments,
  client: NodeLibraryClient,
  context: FailureContext,
): Promise<ExportExitCode> => {
  const nowMs = io.nowMs ?? Date.now;
  const output = new ExportProgressOutput(io.progress, nowMs);
  let run = newRunRecord();
  let previous: ExportStatus | undefined;
  const idleWaiters = new Set<() => void>();

  const service = new ExportService(
    {
      fs: createNodeExportFS(context.exportFolder),
      source: nodeExportSource(client),
      nowMs,
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      onFileFailed: (fileID, error) => {
        run.failedFiles.push({ fileID, message: messageOf(error) });
      },
      onRunFailed: (error) => {
        run.failure = { error };
      },
      onStatus: (status) => {
        if (status.stage !== previous?.stage) run.stageSeen = true;
        // The status keeps the last run's progress until this run reports its own.
        if (previous !== undefined && status.progress !== previous.progress) {
          run.progress = status.progress;
        }
        previous = status;
        if (status.running && run.stageSeen) output.show(status.stage, run.progress);
        if (!status.running) {
          for (const resolve of idleWaiters) resolve();
          idleWaiters.clear();
        }
      },
    },
    { keepEachFileOnce: args.keepEachFileOnce },
  );
  previous = service.status;
  const idle = (): Promise<void> =>
    service.status.running ? new Promise((resolve) => idleWaiters.add(resolve)) : Promise.resolve();

  let interrupted = false;
  // A function: a flag set in a listener would be narrowed away by the loop's checks.
  const isInterrupted = (): boolean => interrupted;
  let wake: (() => void) | undefined;
  const stopListening = io.onInterrupt(() => {
    interrupted = true;
    if (service.status.running) {
      output.end();
      io.err("Stopping after the files being written… (Ctrl-C again quits at once)");
    }
    service.stop();
    wake?.();
  });

  const runOnce = async (resync: boolean, first: boolean): Promise<ExportExitCode> => {
    run = newRunRecord();
    output.begin();
    const startedMs = nowMs();
    // Spec §4: a run interrupted (a crash, a kill) resumes, and checks the disk.
    if (first && (await service.resumeIfInterrupted())) {
      io.err(
        "The last export did not finish: it goes on, and files gone from the disk are exported again.",
      );
      await idle();
    } else {
      await service.schedule({ resync });
    }
    output.end();

    const { stoppedBecause } = service.status;
    const ending =
      run.failure !== undefined
        ? exportFailureOf(run.failure.error, context)
        : stoppedBecause !== undefined
          ? exportFailureOf(new ExportRunStoppedError(stoppedBecause), context)
          : undefined;
    if (ending !== undefined) io.err(ending.message);
    const lines = runSummaryLines({
      progress: run.progress,
      elapsedMs: nowMs() - startedMs,
      exportFolder: context.exportFolder,
      failedFiles: run.failedFiles,
      finished: ending === undefined,
    });
    for (const line of lines) io.out(line);
    if (ending !== undefined) return ending.exitCode;
    return run.progress.failed > 0 ? ExportExitCode.filesFailed : ExportExitCode.exported;
  };

  const waitUnlessInterrupted = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      const timer = setTimeout(() => {
        wake = undefined;
        resolve();
      }, ms);
      wake = () => {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      };
    });

  try {
    io.err(`Exporting into ${context.exportFolder}`);
    let exitCode = await runOnce(args.resync, true);
    // A session the server ended stays ended: waiting for the next run would not help.
    while (args.continuous && !isInterrupted() && exitCode !== ExportExitCode.loginFailed) {
      io.err(`Next export in ${continuousExportIntervalMs / 60_000} minutes (Ctrl-C to quit).`);
      await waitUnlessInterrupted(continuousExportIntervalMs);
      if (isInterrupted()) break;
      exitCode = await runOnce(false, false);
    }
    return exitCode;
  } finally {
    stopListening();
  }
};

/** Runs `npm run export` with `argv` (the arguments after `--`); answers the process exit code. */
export const runExportCommand = async (
  argv: readonly string[],
  io: ExportCommandIO,
): Promise<ExportExitCode> => {
  let args: ExportArguments;
  try {
    const commandLine = parseExportArguments(argv, () => {
      try {
        return localApiOrigin(io.environment, io.cwd);
      } catch (error) {
        if (error instanceof ConfigError) throw new ExportUsageError(error.message);
        throw error;
      }
    });
    if (commandLine.kind === "help") {
      io.out(exportUsage);
      return ExportExitCode.exported;
    }
    args = commandLine.arguments;
  } catch (error) {
    if (!(error instanceof ExportUsageError)) throw error;
    io.err(`${error.message} (see --help)`);
    return ExportExitCode.usage;
  }

  const chosenFolder = path.resolve(io.cwd, args.folder);
  const context: FailureContext = {
    apiOrigin: args.apiOrigin,
    exportFolder: path.join(chosenFolder, exportFolderName),
  };
  try {
    await ensureChosenFolder(chosenFolder);
    const session = await logInForExport(
      {
        environment: io.environment,
        terminal: io.terminal,
        err: io.err,
        ...(io.login === undefined ? {} : { login: io.login }),
      },
      args.apiOrigin,
      args.email,
    );
    await makeExportFolder(context.exportFolder);
    const client = await createNodeLibraryClient({
      apiOrigin: args.apiOrigin,
      token: session.token,
      userID: session.userID,
      accountKeys: session.accountKeys,
    });
    try {
      return await exportLibrary(io, args, client, context);
    } finally {
      await client.close();
    }
  } catch (error) {
    const failure = exportFailureOf(error, context);
    io.err(failure.message);
    return failure.exitCode;
  }
};
