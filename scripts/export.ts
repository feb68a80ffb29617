// `npm run export -- --folder DIR`: exports the account's own library into
// `DIR/Cairn Photos` (cron-friendly with `--email` and CAIRN_PASSWORD).
// `npm run export -- --help` lists the options and the exit codes.
// See scripts/export/export-command.ts.

import { runExportCommand } from "./export/export-command";
import { createTerminalPrompt } from "./export/terminal-prompt";

const interruptSignals = ["SIGINT", "SIGTERM"] as const;

process.exitCode = await runExportCommand(process.argv.slice(2), {
  environment: process.env,
  cwd: process.cwd(),
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
  progress: {
    isTTY: process.stderr.isTTY,
    get columns() {
      return process.stderr.isTTY ? process.stderr.columns : undefined;
    },
    write: (text) => process.stderr.write(text),
  },
  terminal: process.stdin.isTTY ? createTerminalPrompt(process.stdin, process.stderr) : undefined,
  onInterrupt: (listener) => {
    const stopListening = () => {
      for (const signal of interruptSignals) process.off(signal, onSignal);
    };
    // The first signal stops the export cleanly; without a handler any more,
    // a second one ends the process at once (the journal of the export
    // record makes the next run finish or undo what it was writing).
    function onSignal() {
      stopListening();
      listener();
    }
    for (const signal of interruptSignals) process.on(signal, onSignal);
    return stopListening;
  },
});
