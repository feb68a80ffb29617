import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import type { StartCairnOverrides } from "../../../server/src/main";
import { startTestCairn } from "./cairn";
import { launchPatientChromium } from "./patient-browser";

export type TestCairn = Awaited<ReturnType<typeof startTestCairn>>;

/**
 * Registers the hooks that give one browser test file its own Cairn (fresh
 * data folder, free ports) and a Chromium, and returns accessors for them.
 * `overrides` and `options` may be functions, for settings known only once
 * the file's other fixtures are up (e.g. a provider site's URL, a models
 * folder's files).
 */
export function useCairnInChromium(
  overrides: StartCairnOverrides | (() => StartCairnOverrides) = {},
  options: Parameters<typeof startTestCairn>[1] | (() => Parameters<typeof startTestCairn>[1]) = {},
): { cairn: () => TestCairn; browser: () => Browser } {
  let cairn: TestCairn | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    cairn = await startTestCairn(
      typeof overrides === "function" ? overrides() : overrides,
      typeof options === "function" ? options() : options,
    );
    browser = await launchPatientChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await cairn?.close();
  });

  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not started (use inside tests)`);
    return value;
  };
  return {
    cairn: () => ready(cairn, "Cairn"),
    browser: () => ready(browser, "Chromium"),
  };
}
