// The machine a bench ran on, recorded with every result.

import { execFile } from "node:child_process";
import { availableParallelism, cpus, loadavg, totalmem } from "node:os";
import { promisify } from "node:util";

export interface MachineInfo {
  cores: number;
  cpuModel: string;
  totalMemoryBytes: number;
  platform: string;
  nodeVersion: string;
  chromiumVersion: string | null;
  /**
   * The 1-minute load average when the scenario started: machines are shared,
   * and a load above the core count explains a low parallel figure.
   */
  loadAverage1Min: number;
}

const run = promisify(execFile);

/** The first line of `chromium --version`, or null if it cannot be run. */
const chromiumVersionOf = async (chromiumPath: string): Promise<string | null> => {
  try {
    const { stdout } = await run(chromiumPath, ["--version"], { timeout: 10_000 });
    return stdout.trim().split("\n").at(-1) ?? null;
  } catch {
    return null;
  }
};

export const machineInfo = async (chromiumPath: string): Promise<MachineInfo> => ({
  cores: availableParallelism(),
  cpuModel: cpus()[0]?.model ?? "unknown",
  totalMemoryBytes: totalmem(),
  platform: `${process.platform} ${process.arch}`,
  nodeVersion: process.version,
  chromiumVersion: await chromiumVersionOf(chromiumPath),
  loadAverage1Min: loadavg()[0] ?? 0,
});
