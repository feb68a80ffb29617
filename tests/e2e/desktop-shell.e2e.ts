// The photos app inside the desktop shell, as the shell drives it through
// the bridge (spec §1, §2): a deep link opens its route; the update-available
// dialog, in both of its forms, fits a desktop (1400×900) and a phone
// (390×844) in English and German and answers the shell. The bridge is the
// preload's contract (`shared/desktop/electron-bridge.ts`), played here by
// a script in the page, since Electron itself does not run on this machine.
// `CAIRN_E2E_SCREENSHOTS=<dir>` also saves each dialog
// (`update-<form>-<locale>-<width>.png`).

import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { AppUpdateAvailable } from "../../shared/desktop/electron-bridge";
import { overflowsIn } from "./test-support/dialog-fit";
import { englishAndGerman, lookSizes } from "./test-support/looks";
import { useCairnInChromium } from "./test-support/suite";

const { cairn, browser } = useCairnInChromium();
const screenshotDir = process.env.CAIRN_E2E_SCREENSHOTS;

interface ShellSide {
  link(route: string): void;
  offer(update: AppUpdateAvailable): void;
  answers: string[];
}

declare global {
  interface Window {
    /** The test's side of the fake bridge. */
    cairnShell?: ShellSide;
  }
}

/** A page of the photos app with a bridge whose shell side the test drives through `window.cairnShell`. */
const desktopPage = async (viewport: { width: number; height: number }, locale: string) => {
  const context = await browser().newContext({ viewport });
  await context.addInitScript((chosen: string) => {
    localStorage.setItem("locale", chosen);
    let onLink: ((route: string) => void) | undefined;
    let onUpdate: ((update: AppUpdateAvailable) => void) | undefined;
    const answers: string[] = [];
    const answer = (text: string) => {
      answers.push(text);
      return Promise.resolve();
    };
    window.cairnShell = {
      link: (route) => onLink?.(route),
      offer: (update) => onUpdate?.(update),
      answers,
    };
    window.electron = {
      clientPackage: "io.cairn.photos.desktop",
      appVersion: () => Promise.resolve("1.2.0"),
      onOpenURL: (callback) => {
        onLink = callback;
      },
      onAppUpdateAvailable: (callback) => {
        onUpdate = callback;
      },
      installUpdateNow: () => answer("install now"),
      installUpdateOnNextLaunch: (version) => answer(`install ${version} on next launch`),
      ignoreUpdate: (version) => answer(`ignore ${version}`),
      downloadUpdate: () => answer("download"),
      selectExportFolder: () => Promise.resolve(undefined),
      connectExport: () => Promise.resolve(false),
      connectNativeConversions: () => Promise.resolve(),
      connectNativeML: () => Promise.resolve(),
    };
  }, locale);
  const page = await context.newPage();
  await page.goto(cairn().urls.photos);
  await page.getByRole("heading", { level: 1 }).waitFor();
  return { page, close: () => context.close() };
};

const answersOf = (page: Page) => page.evaluate(() => window.cairnShell?.answers ?? []);

describe("the photos app in the desktop shell", () => {
  it("opens a deep link's route", async () => {
    const { page, close } = await desktopPage(lookSizes[0], "en-US");
    await page.evaluate(() => window.cairnShell?.link("/login"));
    await page.waitForURL(/\/login$/);
    expect(new URL(page.url()).origin).toBe(cairn().urls.photos);
    await close();
  });

  for (const size of lookSizes) {
    for (const locale of englishAndGerman) {
      it(`offers updates in a dialog that fits, in ${locale} at ${String(size.width)} px`, async () => {
        const { page, close } = await desktopPage(size, locale);
        const forms = [
          { form: "ready", autoUpdatable: true, second: "install 1.3.0 on next launch" },
          { form: "download", autoUpdatable: false, second: "ignore 1.3.0" },
        ];
        for (const { form, autoUpdatable, second } of forms) {
          await page.evaluate((update) => window.cairnShell?.offer(update), {
            version: "1.3.0",
            autoUpdatable,
          });
          const dialog = page.getByRole("dialog");
          await dialog.waitFor();
          // Looked at as a person sees it: once it has faded in.
          await page.evaluate(() =>
            Promise.allSettled(
              document
                .getAnimations()
                .filter(
                  (animation) => animation.effect?.getComputedTiming().iterations !== Infinity,
                )
                .map((animation) => animation.finished),
            ),
          );
          expect(await dialog.textContent()).toContain("1.3.0");
          expect(
            await overflowsIn(dialog),
            `${form}, ${locale} at ${String(size.width)} px`,
          ).toEqual([]);
          const box = await dialog.boundingBox();
          expect(box !== null && box.x >= 0 && box.x + box.width <= size.width).toBe(true);
          if (screenshotDir !== undefined) {
            await page.screenshot({
              path: path.join(screenshotDir, `update-${form}-${locale}-${String(size.width)}.png`),
            });
          }
          // The second button (the close one) answers the shell.
          const buttons = dialog.getByRole("button");
          expect(await buttons.count()).toBe(2);
          await buttons.nth(1).click();
          await dialog.waitFor({ state: "detached" });
          expect((await answersOf(page)).at(-1)).toBe(second);
        }
        await close();
      });
    }
  }
});
