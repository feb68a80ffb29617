// Where the progress line goes (stderr): redrawn in place on a terminal, or
// printed as plain lines now and then anywhere else.
// See export-progress-line.ts for the text.

import type { ExportStage } from "../../shared/model/export/export-record";
import type { ExportProgress } from "../../workers/export/export-run";
import { type PlainLineState, nextPlainLine, progressLine } from "./export-progress-line";

export interface ProgressStream {
  /** A terminal: the line is redrawn in place. */
  isTTY: boolean;
  /** The terminal's width, when known. */
  columns?: number | undefined;
  write(text: string): void;
}

/**
 * A terminal's line is redrawn at most this often (the stage changing and
 * the run ending redraw at once): the small files of a run complete faster
 * than anybody reads, and a terminal over SSH shows each redraw.
 */
export const terminalRedrawIntervalMs = 100;

/** Erases from the cursor to the end of the line (ECMA-48 EL). */
const eraseToEndOfLine = "\x1b[K";

export class ExportProgressOutput {
  readonly #stream: ProgressStream;
  readonly #nowMs: () => number;
  #plain: PlainLineState | undefined;
  /** The line a terminal shows, of which stage, drawn when. */
  #shown: { line: string; stage: ExportStage; atMs: number } | undefined;
  /** The newest line a terminal has not been shown yet. */
  #pending: string | undefined;

  constructor(stream: ProgressStream, nowMs: () => number) {
    this.#stream = stream;
    this.#nowMs = nowMs;
  }

  /** A run begins. */
  begin(): void {
    this.#plain = undefined;
    this.#shown = undefined;
    this.#pending = undefined;
  }

  show(stage: ExportStage, progress: ExportProgress): void {
    if (!this.#stream.isTTY) {
      const next = nextPlainLine(this.#plain, stage, progress);
      if (next === undefined) return;
      this.#plain = next.state;
      this.#stream.write(`${next.line}\n`);
      return;
    }
    const line = progressLine(stage, progress);
    const nowMs = this.#nowMs();
    const shown = this.#shown;
    if (shown?.stage === stage && nowMs - shown.atMs < terminalRedrawIntervalMs) {
      this.#pending = line;
      return;
    }
    this.#draw(line, stage, nowMs);
  }

  /** The run ended: a terminal shows its last line whole, and what follows goes below it. */
  end(): void {
    const shown = this.#shown;
    if (!this.#stream.isTTY || shown === undefined) return;
    if (this.#pending !== undefined) this.#draw(this.#pending, shown.stage, this.#nowMs());
    this.#stream.write("\n");
    this.#shown = undefined;
  }

  #draw(line: string, stage: ExportStage, nowMs: number): void {
    this.#pending = undefined;
    const unchanged = line === this.#shown?.line;
    this.#shown = { line, stage, atMs: nowMs };
    if (unchanged) return;
    const { columns } = this.#stream;
    // A line longer than the terminal wraps, and `\r` would redraw only its last row.
    const fitted = columns === undefined || columns < 2 ? line : line.slice(0, columns - 1);
    this.#stream.write(`\r${fitted}${eraseToEndOfLine}`);
  }
}
