import { enableTOTP, totpCode } from "../../tests/test-support/two-factor";
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ExportStage } from "../../shared/model/export/export-record";
import type { NodeAccount } from "../../tests/test-support/node-account";
import { deriveKEKWithSharedTestKey } from "../../tests/test-support/shared-test-kek";
import { type NodeLoginOptions, loginFromNode } from "../../workers/account/node-login";
import {
  type ExportTestLibrary,
  fixture,
  readRecord,
  sha256,
  startExportTestLibrary,
  uploadTo,
} from "../../workers/export/test-support/export-test-library";
import {
  type NodeLibraryClient,
  createNodeLibraryClient,
} from "../../workers/library/node-library-client";
import { ExportExitCode, exportFolderName } from "./export-constants";
import { type ExportCommandIO, runExportCommand } from "./export-command";
import type { TerminalPrompt } from "./terminal-prompt";

const repo = path.resolve(import.meta.dirname, "../..");

/** A real login in a child derives Argon2id (10 s and more on a 2-core machine). */
const childLoginTimeoutMs = 120_000;

interface CommandResult {
  exitCode: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `scripts/export.ts` in a child process, stdin not a terminal, as
 * cron would; `whenStdout` sees the output as it comes (it may signal the child).
 */
const runChild = (
  args: readonly string[],
  env: Record<string, string>,
  whenOutput?: (output: { stdout: string; stderr: string }, child: ChildProcess) => void,
): Promise<CommandResult> =>
  new Promise((resolve, reject) => {
    const environment: Record<string, string | undefined> = { ...process.env, ...env };
    // The child reads no code or password but the test's.
    delete environment.CAIRN_TOTP_CODE;
    if (env.CAIRN_PASSWORD === undefined) delete environment.CAIRN_PASSWORD;
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/export.ts", ...args], {
      cwd: repo,
      env: environment,
      stdio: ["pipe", "pipe", "pipe"],
    });
    const output = { stdout: "", stderr: "" };
    child.stdout.on("data", (data: Buffer) => {
      output.stdout += data.toString();
      whenOutput?.(output, child);
    });
    child.stderr.on("data", (data: Buffer) => {
      output.stderr += data.toString();
      whenOutput?.(output, child);
    });
    child.on("error", reject);
    child.on("close", (exitCode) => {
      if (process.env.CAIRN_EXPORT_TEST_LOG !== undefined) {
        console.error(`$ npm run export -- ${args.join(" ")}\n${output.stderr}${output.stdout}`);
      }
      resolve({ exitCode, ...output });
    });
  });

/** The command's I/O in this process, recorded; `onProgressText` sees each progress write. */
const recordedIO = (
  cwd: string,
  account: NodeAccount,
  { isTTY, onProgressText }: { isTTY: boolean; onProgressText?: (text: string) => void },
) => {
  const recorded = { out: [] as string[], err: [] as string[], progress: "" };
  const interrupts: (() => void)[] = [];
  const io: ExportCommandIO = {
    environment: { CAIRN_PASSWORD: account.password },
    cwd,
    out: (text) => recorded.out.push(text),
    err: (text) => recorded.err.push(text),
    progress: {
      isTTY,
      columns: isTTY ? 80 : undefined,
      write: (text) => {
        recorded.progress += text;
        onProgressText?.(text);
      },
    },
    terminal: undefined,
    onInterrupt: (listener) => {
      interrupts.push(listener);
      return () => interrupts.splice(interrupts.indexOf(listener), 1);
    },
    login: (options: NodeLoginOptions) =>
      loginFromNode({ ...options, deriveKEK: deriveKEKWithSharedTestKey }),
  };
  const interrupt = () => {
    for (const listener of [...interrupts]) listener();
  };
  return { io, recorded, interrupt };
};

/** The TOTP code of the 30 s step `offsetSteps` from now (SHA-1, 6 digits), as an authenticator app computes it. */
const newDir = () => mkdtemp(path.join(os.tmpdir(), "cairn-export-command-"));

const randomImage = () => new Uint8Array(randomBytes(2048));

describe("npm run export against a real Cairn", () => {
  let library: ExportTestLibrary;
  const clients: NodeLibraryClient[] = [];
  const dirs: string[] = [];
  const holidaysBytes: Record<string, Uint8Array> = {};

  const clientOf = async (account: NodeAccount) => {
    const client = await createNodeLibraryClient({
      apiOrigin: library.node.apiOrigin,
      token: account.token,
      userID: account.userID,
      accountKeys: account.accountKeys,
      poolSize: 1,
    });
    clients.push(client);
    return client;
  };

  const dir = async () => {
    const created = await newDir();
    dirs.push(created);
    return created;
  };

  /** A new account with two-factor codes on, as the web app's settings turn them on; answers it and the secret. */
  const totpAccount = async (): Promise<{ account: NodeAccount; secret: string }> => {
    const account = await library.node.signUp("totp");
    return { account, secret: await enableTOTP(library.node.apiOrigin, account) };
  };

  beforeAll(async () => {
    library = await startExportTestLibrary();
    const { client } = library;
    const holidays = await client.createCollection({ name: "Holidays", type: "album" });
    const family = await client.createCollection({ name: "Family", type: "album" });
    for (const name of ["canon-dslr.jpg", "noexif.jpg"]) {
      const bytes = await fixture(name);
      holidaysBytes[name] = bytes;
      await uploadTo(library, client, holidays, { title: name, bytes });
    }
    await uploadTo(library, client, family, { title: "grandma.jpg", bytes: randomImage() });
  }, 120_000);

  afterAll(async () => {
    for (const client of clients) await client.close();
    await library.close();
    for (const created of dirs) await rm(created, { recursive: true, force: true });
  });

  describe("in a child process, as cron runs it", () => {
    let backupDir: string;

    beforeAll(async () => {
      backupDir = await dir();
    });

    const loginArgs = () => ["--email", library.owner.email, "--api", library.node.apiOrigin];
    const password = () => ({ CAIRN_PASSWORD: library.owner.password });

    it("refuses a command line without --folder (exit 2), before any login", async () => {
      const result = await runChild(loginArgs(), password());
      expect(result.exitCode).toBe(ExportExitCode.usage);
      expect(result.stderr).toContain("--folder DIR is required");
      expect(result.stderr).not.toContain("Logging in");
    });

    it("refuses a folder that does not exist (exit 2), and creates nothing", async () => {
      const missing = path.join(backupDir, "unplugged-disk");
      const result = await runChild(["--folder", missing, ...loginArgs()], password());
      expect(result.exitCode).toBe(ExportExitCode.usage);
      expect(result.stderr).toContain(`The folder ${missing} does not exist`);
      expect(await readdir(backupDir)).toEqual([]);
    });

    it(
      "exports the library into <folder>/Cairn Photos/<album>/ (exit 0)",
      async () => {
        const result = await runChild(["--folder", backupDir, ...loginArgs()], password());
        expect(result.stderr).not.toContain(library.owner.password);
        expect(result.exitCode).toBe(ExportExitCode.exported);

        const exportFolder = path.join(backupDir, exportFolderName);
        for (const [name, bytes] of Object.entries(holidaysBytes)) {
          const written = new Uint8Array(await readFile(path.join(exportFolder, "Holidays", name)));
          expect(sha256(written)).toBe(sha256(bytes));
        }
        expect(await readdir(path.join(exportFolder, "Family"))).toContain("grandma.jpg");
        expect(result.stdout).toContain("3 files exported, 0 failed.");
        expect(result.stdout).toContain(`Folder: ${exportFolder}`);
        // Not a terminal: plain lines, no redraws.
        expect(result.stderr).not.toContain("\r");
        expect(result.stderr).toContain("[##########] 3/3 files · exporting files");
      },
      childLoginTimeoutMs,
    );

    it(
      "exports nothing on a second run, and says so (exit 0)",
      async () => {
        const result = await runChild(["--folder", backupDir, ...loginArgs()], password());
        expect(result.exitCode).toBe(ExportExitCode.exported);
        expect(result.stdout).toContain("nothing new to export, the folder is up to date");
        expect(await readdir(path.join(backupDir, exportFolderName))).not.toContain("Holidays(1)");
      },
      childLoginTimeoutMs,
    );

    it(
      "fails a wrong password with exit 3 and a clear message",
      async () => {
        const result = await runChild(["--folder", backupDir, ...loginArgs()], {
          CAIRN_PASSWORD: "not the password",
        });
        expect(result.exitCode).toBe(ExportExitCode.loginFailed);
        expect(result.stderr).toContain("Login failed: incorrect email or password");
        expect(result.stderr).not.toContain("not the password");
        expect(result.stderr).not.toContain("    at ");
      },
      childLoginTimeoutMs,
    );

    it(
      "with --continuous, exports, waits, and quits on Ctrl-C with the run's exit code",
      async () => {
        // One Ctrl-C: a second one ends the process at once (as it should).
        let interrupted = false;
        const result = await runChild(
          ["--folder", backupDir, "--continuous", ...loginArgs()],
          password(),
          (output, child) => {
            if (interrupted || !output.stderr.includes("Next export in 5 minutes")) return;
            interrupted = true;
            child.kill("SIGINT");
          },
        );
        expect(result.stdout).toContain("nothing new to export");
        expect(result.exitCode).toBe(ExportExitCode.exported);
      },
      childLoginTimeoutMs,
    );
  });

  describe("in this process", () => {
    it("stops a run on Ctrl-C: the run ends as finished, and the exit code says it stopped (4)", async () => {
      const account = await library.node.signUp("stopper");
      const client = await clientOf(account);
      const album = await client.createCollection({ name: "Many", type: "album" });
      const fileCount = 12;
      for (let i = 0; i < fileCount; i++) {
        await uploadTo(library, client, album, { title: `photo-${i}.jpg`, bytes: randomImage() });
      }
      const cwd = await dir();
      let interrupted = false;
      const { io, recorded, interrupt } = recordedIO(cwd, account, {
        isTTY: false,
        onProgressText: (text) => {
          // At the first file done.
          if (!interrupted && /\] [1-9]\d*\/12 files · exporting files/.test(text)) {
            interrupted = true;
            interrupt();
          }
        },
      });

      const exitCode = await runExportCommand(
        ["--folder", ".", "--email", account.email, "--api", library.node.apiOrigin],
        io,
      );

      expect(interrupted).toBe(true);
      expect(exitCode).toBe(ExportExitCode.runStopped);
      expect(recorded.err).toContain("The export stopped: it was asked to stop (Ctrl-C)");
      expect(recorded.out[0]).toMatch(/^Export ended early after .*: \d+ of 12 files exported/);
      const exportFolder = path.join(cwd, exportFolderName);
      const exported = (await readdir(path.join(exportFolder, "Many"))).filter((name) =>
        name.endsWith(".jpg"),
      );
      expect(exported.length).toBeGreaterThan(0);
      expect(exported.length).toBeLessThan(fileCount);
      expect((await readRecord(exportFolder)).stage).toBe(ExportStage.finished);
    });

    it("resumes a run that did not finish (its stage says so), checking the disk", async () => {
      const account = await library.node.signUp("resumer");
      const client = await clientOf(account);
      const album = await client.createCollection({ name: "Album", type: "album" });
      for (const title of ["one.jpg", "two.jpg"]) {
        await uploadTo(library, client, album, { title, bytes: randomImage() });
      }
      const cwd = await dir();
      const args = ["--folder", cwd, "--email", account.email, "--api", library.node.apiOrigin];
      expect(await runExportCommand(args, recordedIO(cwd, account, { isTTY: false }).io)).toBe(
        ExportExitCode.exported,
      );
      // A run killed while exporting: its stage stays, and a file it had written is gone.
      const exportFolder = path.join(cwd, exportFolderName);
      const recordFile = path.join(exportFolder, "export_status.json");
      const record = JSON.parse(await readFile(recordFile, "utf8")) as { stage: number };
      await writeFile(recordFile, JSON.stringify({ ...record, stage: ExportStage.exportingFiles }));
      await rm(path.join(exportFolder, "Album", "two.jpg"));

      const { io, recorded } = recordedIO(cwd, account, { isTTY: false });
      expect(await runExportCommand(args, io)).toBe(ExportExitCode.exported);
      expect(recorded.err).toContain(
        "The last export did not finish: it goes on, and files gone from the disk are exported again.",
      );
      expect(recorded.out[0]).toMatch(/: 1 file exported, 0 failed\.$/);
      expect(await readdir(path.join(exportFolder, "Album"))).toContain("two.jpg");
      expect((await readRecord(exportFolder)).stage).toBe(ExportStage.finished);
    });

    it("lists the files that failed with their messages, and exits 1", async () => {
      const account = await library.node.signUp("broken");
      const client = await clientOf(account);
      const album = await client.createCollection({ name: "Album", type: "album" });
      await uploadTo(library, client, album, { title: "fine.jpg", bytes: randomImage() });
      const objects = path.join(library.node.dataDir, "objects", String(account.userID));
      const before = new Set(await readdir(objects));
      const lost = await uploadTo(library, client, album, {
        title: "lost.jpg",
        bytes: randomImage(),
      });
      // The server lost the file's objects (its contents and thumbnail).
      for (const name of await readdir(objects)) {
        if (!before.has(name)) await rm(path.join(objects, name));
      }
      const cwd = await dir();
      const { io, recorded } = recordedIO(cwd, account, { isTTY: true });

      const exitCode = await runExportCommand(
        ["--folder", cwd, "--email", account.email, "--api", library.node.apiOrigin],
        io,
      );

      expect(exitCode).toBe(ExportExitCode.filesFailed);
      expect(recorded.out[0]).toMatch(
        /^Export finished in .*: 1 file exported, 1 failed \(the next export tries them again\)\.$/,
      );
      expect(recorded.out.slice(1)).toEqual([
        `Folder: ${path.join(cwd, exportFolderName)}`,
        "Failed files:",
        `  file ${lost.id}: not found`,
      ]);
      // A terminal: the line is redrawn in place, and ends whole before the summary.
      const { progress } = recorded;
      expect(progress.startsWith("\r[..........] reading the export record\x1b[K\r")).toBe(true);
      expect(progress.slice(0, -1)).not.toContain("\n");
      expect(progress.endsWith("\r[##########] 2/2 files · 1 failed · finished\x1b[K\n")).toBe(
        true,
      );
      expect(await readdir(path.join(cwd, exportFolderName, "Album"))).toContain("fine.jpg");
    });
  });
  describe("an account with two-factor codes", () => {
    // The server takes each step's code once, and the current one enabled
    // the codes: the next step's code is valid at once.
    it("fails without a terminal or CAIRN_TOTP_CODE (exit 3), and logs in with CAIRN_TOTP_CODE", async () => {
      const { account, secret } = await totpAccount();
      const cwd = await dir();
      const args = ["--folder", cwd, "--email", account.email, "--api", library.node.apiOrigin];

      const without = recordedIO(cwd, account, { isTTY: false });
      expect(await runExportCommand(args, without.io)).toBe(ExportExitCode.loginFailed);
      expect(without.recorded.err.at(-1)).toBe(
        "Login failed: This account asks for a two-factor code from an authenticator app at login: " +
          "run the command in a terminal to type it, or put the current code in CAIRN_TOTP_CODE",
      );

      const withCode = recordedIO(cwd, account, { isTTY: false });
      const io = {
        ...withCode.io,
        environment: {
          ...withCode.io.environment,
          CAIRN_TOTP_CODE: totpCode(secret, Date.now() + 30_000),
        },
      };
      expect(await runExportCommand(args, io)).toBe(ExportExitCode.exported);
      expect(withCode.recorded.out[0]).toContain("nothing new to export");
    });

    it("asks for the email, the password (hidden) and the code on a terminal", async () => {
      const { account, secret } = await totpAccount();
      const cwd = await dir();
      const asked: { question: string; hidden: boolean }[] = [];
      const answers: Record<string, string> = {
        "Email: ": account.email,
        "Password: ": account.password,
        "Two-factor code (from your authenticator app): ": totpCode(secret, Date.now() + 30_000),
      };
      const terminal: TerminalPrompt = {
        ask: (question, options) => {
          asked.push({ question, hidden: options?.hidden ?? false });
          return Promise.resolve(answers[question] ?? "");
        },
      };
      const { io, recorded } = recordedIO(cwd, account, { isTTY: true });

      const exitCode = await runExportCommand(["--folder", cwd, "--api", library.node.apiOrigin], {
        ...io,
        environment: {},
        terminal,
      });

      expect(exitCode).toBe(ExportExitCode.exported);
      expect(asked).toEqual([
        { question: "Email: ", hidden: false },
        { question: "Password: ", hidden: true },
        { question: "Two-factor code (from your authenticator app): ", hidden: false },
      ]);
      const printed = [...recorded.err, ...recorded.out, recorded.progress].join("\n");
      expect(printed).not.toContain(account.password);
      expect(printed).not.toContain(account.accountKeys.masterKeyB64);
    });
  });
});
