import { parseArgs } from "node:util";
import {
  ExportExitCode,
  continuousExportIntervalMs,
  exportFolderName,
  passwordVariable,
  totpCodeVariable,
} from "./export-constants";

// The command line of `npm run export -- --folder DIR [options]`, parsed
// without touching the disk or the network, so that a mistyped command fails
// before a password is asked for or a key derived.

export interface ExportArguments {
  /** The folder given; the export goes into `<folder>/Cairn Photos`. */
  folder: string;
  continuous: boolean;
  /** Unset: asked on the terminal. */
  email: string | undefined;
  /** The API origin, without a trailing slash. */
  apiOrigin: string;
  resync: boolean;
  keepEachFileOnce: boolean;
}

export type ExportCommandLine = { kind: "help" } | { kind: "export"; arguments: ExportArguments };

/** The command line cannot be run: a missing, unknown or malformed option. */
export class ExportUsageError extends Error {
  override name = "ExportUsageError";
}

const minutes = continuousExportIntervalMs / 60_000;

export const exportUsage = `Usage: npm run export -- --folder DIR [options]

Exports the photos, videos and files of your own albums into DIR/${exportFolderName},
decrypted, one folder per album, with each file's metadata beside it. A later
run exports what is new, moves what was deleted into Trash/ and renames the
folders of renamed albums. DIR must exist; DIR/${exportFolderName} is created.

Options:
  --folder DIR            Where to export (required).
  --email ADDRESS         Log in without questions: the password is read from
                          ${passwordVariable}, and a two-factor code from
                          ${totpCodeVariable} (for an account that has one).
                          Without --email, the email, password and code are
                          asked on the terminal.
  --api URL               The server's API (default: the local server's, as
                          \`npm start\` runs it, from CAIRN_API_URL, CAIRN_HOST
                          and CAIRN_API_PORT: http://localhost:8080 by default).
  --continuous            After the first export, export again every ${minutes}
                          minutes until Ctrl-C.
  --resync                Also export again the files exported before that
                          are no longer on the disk.
  --keep-each-file-once   A file in several albums is written once and linked
                          into the other albums' folders.
  --help                  Show this help.

Ctrl-C during an export stops it after the files being written (the next run
goes on from there); a second Ctrl-C quits at once.

Exit codes:
  ${ExportExitCode.exported}  every file was exported (or nothing was new)
  ${ExportExitCode.filesFailed}  the export finished but some files failed (they are listed; the
     next run tries them again)
  ${ExportExitCode.usage}  the command line is wrong, or DIR does not exist
  ${ExportExitCode.loginFailed}  the login failed: incorrect email or password, a two-factor
     code needed or wrong, or the session ended
  ${ExportExitCode.runStopped}  the export stopped before its end: the folder is gone, the disk
     is full or read-only, export_status.json cannot be updated or read,
     or Ctrl-C
  ${ExportExitCode.serverUnreachable}  the server could not be reached (or failed, or asked to wait)
  ${ExportExitCode.unexpected}  anything else (the message says what)
With --continuous, the exit code is the last export's.`;

const options = {
  folder: { type: "string" },
  email: { type: "string" },
  api: { type: "string" },
  continuous: { type: "boolean" },
  resync: { type: "boolean" },
  "keep-each-file-once": { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const;

/** An http(s) URL without its trailing slashes; throws a usage error for anything else. */
const apiOriginOf = (text: string): string => {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ExportUsageError(`--api: must be an http:// or https:// URL (got "${text}")`);
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || url.search || url.hash) {
    throw new ExportUsageError(`--api: must be an http:// or https:// URL (got "${text}")`);
  }
  return url.href.replace(/\/+$/, "");
};

/**
 * The command of a command line (the arguments after `npm run export --`).
 * `defaultApiOrigin` is asked only without `--api`.
 */
export const parseExportArguments = (
  argv: readonly string[],
  defaultApiOrigin: () => string,
): ExportCommandLine => {
  let values: {
    folder?: string | undefined;
    email?: string | undefined;
    api?: string | undefined;
    continuous?: boolean | undefined;
    resync?: boolean | undefined;
    "keep-each-file-once"?: boolean | undefined;
    help?: boolean | undefined;
  };
  try {
    ({ values } = parseArgs({ args: [...argv], options, strict: true, allowPositionals: false }));
  } catch (error) {
    throw new ExportUsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help === true) return { kind: "help" };

  const folder = values.folder ?? "";
  if (folder.trim() === "") throw new ExportUsageError("--folder DIR is required");
  const email = values.email?.trim();
  if (email !== undefined && !/^[^\s@]+@[^\s@]+$/.test(email)) {
    throw new ExportUsageError(`--email: must be an email address (got "${email}")`);
  }
  return {
    kind: "export",
    arguments: {
      folder,
      continuous: values.continuous === true,
      email,
      apiOrigin: apiOriginOf(values.api ?? defaultApiOrigin()),
      resync: values.resync === true,
      keepEachFileOnce: values["keep-each-file-once"] === true,
    },
  };
};
