// What a failure of `npm run export` means for the person and for the exit
// code: each error is told by its class (and an export stop by its reason),
// never by its message. The messages say what to do; none carries a
// password, key or token (a failure's `cause`, which might hold a URL with
// a token, is never printed).

import { IncorrectPasswordError } from "../../shared/model/accounts/account-errors";
import {
  CairnError,
  NetworkError,
  RequestTimeoutError,
  ServerError,
  SessionExpiredError,
  TokenExpiredError,
  TooManyRequestsError,
} from "../../shared/model/errors";
import {
  IncorrectLoginCodeError,
  LoginCodeRequiredError,
  PasskeyLoginUnsupportedError,
} from "../../workers/account/node-login";
import { ExportRunStoppedError, type ExportStopReason } from "../../workers/export/export-errors";
import {
  ExportRecordTooNewError,
  ExportRecordUnreadableError,
} from "../../workers/export/record/record-errors";
import { ExportUsageError } from "./export-arguments";
import { ExportExitCode, totpCodeVariable } from "./export-constants";
import { PromptCancelledError } from "./terminal-prompt";

export interface ExportFailure {
  exitCode: ExportExitCode;
  /** One line for the person, without a stack. */
  message: string;
}

export interface FailureContext {
  apiOrigin: string;
  /** The export folder (`<DIR>/Cairn Photos`). */
  exportFolder: string;
}

/** Why a run stopped, as the end of a sentence. */
export const stopReasonText = (reason: ExportStopReason, exportFolder: string): string => {
  switch (reason) {
    case "stopped":
      return "it was asked to stop (Ctrl-C)";
    case "folder-missing":
      return `the export folder ${exportFolder} is gone`;
    case "disk-full":
      return "the disk is full";
    case "read-only":
      return "the export folder cannot be written to (read-only, or no permission)";
    case "record-update-failed":
      return "export_status.json in the export folder could not be updated";
  }
};

/** The system error code (`ECONNREFUSED`, `ENOTFOUND`…) somewhere in a failed request's causes. */
const systemCodeOf = (error: unknown): string | undefined => {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    if ("code" in current && typeof current.code === "string") return current.code;
    current = current.cause;
  }
  return undefined;
};

const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

/** The exit code and message of an error that ended the command (or a run of it). */
export const exportFailureOf = (error: unknown, context: FailureContext): ExportFailure => {
  const { apiOrigin, exportFolder } = context;
  const login = (message: string): ExportFailure => ({
    exitCode: ExportExitCode.loginFailed,
    message: `Login failed: ${message}`,
  });
  const server = (message: string): ExportFailure => ({
    exitCode: ExportExitCode.serverUnreachable,
    message,
  });
  const stopped = (message: string): ExportFailure => ({
    exitCode: ExportExitCode.runStopped,
    message: `The export stopped: ${message}`,
  });

  if (error instanceof ExportUsageError) {
    return { exitCode: ExportExitCode.usage, message: error.message };
  }
  if (error instanceof IncorrectPasswordError) return login("incorrect email or password");
  if (error instanceof LoginCodeRequiredError) {
    return login(
      error.codeKind === "totp"
        ? `${error.message}: run the command in a terminal to type it, or put the current code in ${totpCodeVariable}`
        : `${error.message}: run the command in a terminal to type it`,
    );
  }
  if (error instanceof IncorrectLoginCodeError || error instanceof PasskeyLoginUnsupportedError) {
    // See: [Note: Login errors of the command line carry their own message]
    return login(error.message);
  }
  if (error instanceof PromptCancelledError) return login("cancelled");
  if (error instanceof TokenExpiredError || error instanceof SessionExpiredError) {
    return login("the server ended the session (logged out from another device?); run again");
  }
  if (error instanceof NetworkError || error instanceof RequestTimeoutError) {
    const code = systemCodeOf(error.cause);
    return server(
      `Could not reach the server at ${apiOrigin}${code === undefined ? "" : ` (${code})`}: check --api and that the server runs`,
    );
  }
  if (error instanceof ServerError) {
    return server(`The server at ${apiOrigin} failed (HTTP ${error.status}): try again later`);
  }
  if (error instanceof TooManyRequestsError) {
    return server(`The server at ${apiOrigin} asks to wait (too many requests): try again later`);
  }
  if (error instanceof ExportRunStoppedError) {
    return stopped(stopReasonText(error.reason, exportFolder));
  }
  if (error instanceof CairnError && error.key === "exportRecordJsonParsingFailed") {
    return stopped(
      `export_status.json in ${exportFolder} is not valid JSON: repair it or restore it from a backup`,
    );
  }
  if (error instanceof ExportRecordTooNewError || error instanceof ExportRecordUnreadableError) {
    return stopped(`${error.message} (export_status.json in ${exportFolder})`);
  }
  return { exitCode: ExportExitCode.unexpected, message: `The export failed: ${messageOf(error)}` };
};
