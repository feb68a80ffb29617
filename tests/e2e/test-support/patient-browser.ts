// Chromium for the browser tests, with Playwright's waits sized for a busy
// machine. See: [Note: Browser test waits are sized for a loaded 2-core machine]

import type { Browser, BrowserContext } from "playwright-core";
import { launchChromium } from "./chromium";
import { pageCatchUpMs } from "./waits";

/** `context`, whose locator waits, actions and navigations now wait `pageCatchUpMs` by default. */
export const withPatientWaits = (context: BrowserContext): BrowserContext => {
  context.setDefaultTimeout(pageCatchUpMs);
  return context;
};

/** `browser`, whose every new context and page waits `pageCatchUpMs` by default (not 30 s). */
export const patientBrowser = (browser: Browser): Browser =>
  new Proxy(browser, {
    get(target, key) {
      if (key === "newContext") {
        return async (...args: Parameters<Browser["newContext"]>) =>
          withPatientWaits(await target.newContext(...args));
      }
      if (key === "newPage") {
        return async (...args: Parameters<Browser["newPage"]>) => {
          const page = await target.newPage(...args);
          withPatientWaits(page.context());
          return page;
        };
      }
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === "function" ? (value.bind(target) as unknown) : value;
    },
  });

/** Debian's Chromium (see `chromium.ts`), with patient waits. */
export const launchPatientChromium = async (): Promise<Browser> =>
  patientBrowser(await launchChromium());
