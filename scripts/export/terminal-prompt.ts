// Questions on the terminal for `npm run export`: the email, the password
// (not echoed) and a login code, with node:readline.

import { createInterface } from "node:readline";
import { Writable } from "node:stream";

export interface TerminalPrompt {
  /** Asks `question` and answers what was typed; `hidden` does not echo it. */
  ask(question: string, options?: { hidden?: boolean }): Promise<string>;
}

/** The person left a question with Ctrl-C or Ctrl-D. */
export class PromptCancelledError extends Error {
  override name = "PromptCancelledError";
  constructor() {
    super("The question was left unanswered");
  }
}

// [Note: A hidden answer is typed into a muted output]
//
// readline echoes what is typed through its output stream. For a hidden
// answer the interface writes to a stream that passes the question on and
// then drops everything until the answer is in, so neither the characters
// nor readline's redraws of the line (a backspace rewrites it) reach the
// terminal. The input stays in raw mode meanwhile (readline's terminal
// mode), so Ctrl-C arrives as a key and cancels the question.

/** Questions over `input` (a terminal) and `output` (where the questions are written: stderr). */
export const createTerminalPrompt = (
  input: NodeJS.ReadableStream,
  output: NodeJS.WritableStream,
): TerminalPrompt => ({
  ask: (question, { hidden = false } = {}) =>
    new Promise((resolve, reject) => {
      // See: [Note: A hidden answer is typed into a muted output]
      let muted = false;
      const echo = new Writable({
        write(chunk: Buffer | string, _encoding, callback) {
          if (!muted) output.write(chunk);
          callback();
        },
      });
      const readline = createInterface({ input, output: echo, terminal: true, historySize: 0 });
      let answered = false;
      readline.on("SIGINT", () => {
        readline.close();
      });
      readline.on("close", () => {
        if (answered) return;
        output.write("\n");
        reject(new PromptCancelledError());
      });
      readline.question(question, (answer) => {
        answered = true;
        if (hidden) output.write("\n");
        readline.close();
        resolve(answer);
      });
      muted = hidden;
    }),
});
