// What a bench scenario is: a name and a run function returning figures and
// ratios. See performance.md, "How to measure".

/** An absolute measurement, e.g. MB/s. */
export interface Figure {
  name: string;
  value: number;
  unit: string;
}

/**
 * A ratio against a baseline measured in the same run (what we compare across
 * runs on noisy machines), with the bar it should reach if it has one.
 */
export interface Ratio {
  name: string;
  value: number;
  atLeast?: number;
  atMost?: number;
}

export interface ScenarioResult {
  figures: Figure[];
  ratios: Ratio[];
  /** Everything measured, run by run, for the results file. */
  raw: unknown;
}

export interface ScenarioContext {
  /** Prints a progress line. */
  log: (line: string) => void;
  /** The Chromium binary the scenario drives (Debian's). */
  chromiumPath: string;
}

export interface Scenario {
  name: string;
  description: string;
  /**
   * Measures. Throws only when something breaks (wrong output, a crash);
   * never because it is slow.
   */
  run: (context: ScenarioContext) => Promise<ScenarioResult>;
}

/** Whether `ratio` meets its bar (true when it has none). */
export const meetsBar = ({ value, atLeast, atMost }: Ratio): boolean =>
  (atLeast === undefined || value >= atLeast) && (atMost === undefined || value <= atMost);
