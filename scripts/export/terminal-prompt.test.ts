import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { PromptCancelledError, createTerminalPrompt } from "./terminal-prompt";

/** Terminal control sequences (readline moves the cursor and clears the line as it redraws). */
const controlSequences = new RegExp(String.raw`\x1b\[[0-9;]*[A-Za-z]`, "g");

/** A fake terminal: what is typed into `input`, and the text `shown()` on it so far. */
const fakeTerminal = () => {
  const input = new PassThrough();
  const output = new PassThrough();
  let shown = "";
  output.on("data", (chunk: Buffer) => (shown += chunk.toString()));
  return {
    input,
    output,
    shown: async () => {
      await new Promise((resolve) => setImmediate(resolve));
      return shown.replace(controlSequences, "");
    },
  };
};

describe("createTerminalPrompt", () => {
  it("echoes a visible answer", async () => {
    const terminal = fakeTerminal();
    const asking = createTerminalPrompt(terminal.input, terminal.output).ask("Email: ");
    terminal.input.write("ann@example.org\r");
    expect(await asking).toBe("ann@example.org");
    expect(await terminal.shown()).toBe("Email: ann@example.org\r\n");
  });

  it("does not echo a hidden answer, even as it is edited", async () => {
    const terminal = fakeTerminal();
    const asking = createTerminalPrompt(terminal.input, terminal.output).ask("Password: ", {
      hidden: true,
    });
    // A typo, corrected with backspace (readline redraws the line for it).
    terminal.input.write("hunter3\x7f2\r");
    expect(await asking).toBe("hunter2");
    expect(await terminal.shown()).toBe("Password: \n");
  });

  it("asks again on the same terminal", async () => {
    const terminal = fakeTerminal();
    const prompt = createTerminalPrompt(terminal.input, terminal.output);
    const email = prompt.ask("Email: ");
    terminal.input.write("ann@example.org\r");
    expect(await email).toBe("ann@example.org");
    const code = prompt.ask("Code: ");
    terminal.input.write("123456\r");
    expect(await code).toBe("123456");
  });

  it("is cancelled by Ctrl-C", async () => {
    const terminal = fakeTerminal();
    const asking = createTerminalPrompt(terminal.input, terminal.output).ask("Password: ", {
      hidden: true,
    });
    terminal.input.write("hunt\x03");
    await expect(asking).rejects.toBeInstanceOf(PromptCancelledError);
    expect(await terminal.shown()).toBe("Password: \n");
  });
});
