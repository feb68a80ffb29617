// `npm run bench [-- scenario...]`: runs the named scenarios (all of them when
// none is named), prints their figures and writes bench/results/<name>.json.
// A scenario fails (exit code 1) only when something breaks, never for being
// slow. See performance.md, "How to measure".

import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromiumPath as defaultChromiumPath } from "../tests/e2e/test-support/chromium";
import { machineInfo } from "./lib/machine";
import { type Ratio, type Scenario, meetsBar } from "./scenario";
import { scenarios } from "./scenarios";

const resultsDir = fileURLToPath(new URL("./results", import.meta.url));

const formatNumber = (value: number): string =>
  value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2);

const describeBar = (ratio: Ratio): string => {
  const bars = [
    ratio.atLeast === undefined ? undefined : `≥ ${ratio.atLeast}`,
    ratio.atMost === undefined ? undefined : `≤ ${ratio.atMost}`,
  ].filter((bar) => bar !== undefined);
  if (bars.length === 0) return "";
  return ` (bar ${bars.join(", ")}: ${meetsBar(ratio) ? "met" : "NOT met"})`;
};

const selectScenarios = (names: readonly string[]): Scenario[] => {
  if (names.length === 0) return [...scenarios];
  const known = new Map(scenarios.map((scenario) => [scenario.name, scenario]));
  const unknown = names.filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw new Error(
      `Unknown scenario(s): ${unknown.join(", ")}. Known: ${[...known.keys()].join(", ")}`,
    );
  }
  return names.flatMap((name) => known.get(name) ?? []);
};

const runScenario = async (scenario: Scenario, chromiumPath: string): Promise<void> => {
  const log = (line: string) => {
    console.log(`[${scenario.name}] ${line}`);
  };
  log(scenario.description);
  const startedAt = new Date();
  const machine = await machineInfo(chromiumPath);
  log(`${machine.cores} cores, load average ${machine.loadAverage1Min.toFixed(2)}`);
  const result = await scenario.run({ log, chromiumPath });
  for (const { name, value, unit } of result.figures) {
    log(`${name}: ${formatNumber(value)} ${unit}`);
  }
  for (const ratio of result.ratios) {
    log(`${ratio.name}: ${ratio.value.toFixed(2)}${describeBar(ratio)}`);
  }
  const file = path.join(resultsDir, `${scenario.name}.json`);
  await mkdir(resultsDir, { recursive: true });
  const record = {
    scenario: scenario.name,
    description: scenario.description,
    date: startedAt.toISOString(),
    machine,
    figures: result.figures,
    ratios: result.ratios.map((ratio) => ({ ...ratio, met: meetsBar(ratio) })),
    raw: result.raw,
  };
  await writeFile(file, `${JSON.stringify(record, null, 2)}\n`);
  log(`wrote ${path.relative(process.cwd(), file)}`);
};

const main = async (): Promise<void> => {
  const chromiumPath = defaultChromiumPath;
  let failed = false;
  for (const scenario of selectScenarios(process.argv.slice(2))) {
    try {
      await runScenario(scenario, chromiumPath);
    } catch (e) {
      failed = true;
      console.error(`[${scenario.name}] FAILED:`, e);
    }
  }
  process.exitCode = failed ? 1 : 0;
};

await main();
