// The settings' Export entry on the web (spec §2): where a folder cannot be
// written to, it opens the prompt to get the desktop app, whose Download
// button opens the server's CAIRN_DESKTOP_DOWNLOAD_URL in a new tab. The
// prompt fits a desktop (1400×900) and a phone (390×844) in English and
// German. (The desktop app's export dialog, with the export process behind
// it, is looked at by the desktop export's own browser test.)
// `CAIRN_E2E_SCREENSHOTS=<dir>` also saves the settings with the entry and
// the prompt (`export-entry-<locale>-<width>.png`, `export-prompt-…`).

import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { animationsDone, expectDialogFits } from "./test-support/dialog-fit";
import {
  type AccountWithLibrary,
  openLoggedInGallery,
  signUpWithLibraryClient,
} from "./test-support/library";
import { englishAndGerman, lookSizes } from "./test-support/looks";
import { useCairnInChromium } from "./test-support/suite";

const desktopDownloadURL = "https://cairn.example/download";
const { cairn, browser } = useCairnInChromium({ desktopDownloadURL });
const screenshotDir = process.env.CAIRN_E2E_SCREENSHOTS;

let account: AccountWithLibrary;
let page: Page;

beforeAll(async () => {
  account = await signUpWithLibraryClient(cairn(), "export-prompt");
  page = await openLoggedInGallery(browser(), cairn(), account.account);
});

afterAll(async () => {
  await page.context().close();
  await account.client.close();
});

describe("the Export entry on the web", () => {
  for (const size of lookSizes) {
    for (const locale of englishAndGerman) {
      it(`prompts to get the desktop app, fitting, in ${locale} at ${String(size.width)} px`, async () => {
        await page.setViewportSize(size);
        await page.evaluate((chosen) => {
          localStorage.setItem("locale", chosen);
        }, locale);
        await page.goto(`${cairn().urls.photos}/gallery/settings`);
        const entry = page.getByTestId("settings-export");
        if (screenshotDir !== undefined) {
          await entry.scrollIntoViewIfNeeded();
          await page.screenshot({
            path: path.join(screenshotDir, `export-entry-${locale}-${String(size.width)}.png`),
          });
        }
        await entry.click();
        const dialog = page.getByRole("dialog");
        await dialog.waitFor();
        await animationsDone(page);

        expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
        const download = dialog.getByRole("link");
        expect(await download.getAttribute("href")).toBe(desktopDownloadURL);
        expect(await download.getAttribute("target")).toBe("_blank");
        await expectDialogFits(dialog, size, `${locale} at ${String(size.width)} px`);
        if (screenshotDir !== undefined) {
          await page.screenshot({
            path: path.join(screenshotDir, `export-prompt-${locale}-${String(size.width)}.png`),
          });
        }

        await page.keyboard.press("Escape");
        await dialog.waitFor({ state: "detached" });
      });
    }
  }
});
