// The sizes and languages a screen is looked at in (the brief: a desktop at
// 1400×900 and a phone at 390×844; English and a longer language, German, or
// all 8 locales where text must fit): each look reloads the page in its
// language at its size, waits until the library is up to date, and hands
// over a label such as "de-DE at 390 px" for the problems it finds.

import type { Page } from "playwright-core";
import { waitForUpToDate } from "./gallery";

/** The desktop and the phone the brief looks at. */
export const lookSizes = [
  { width: 1400, height: 900 },
  { width: 390, height: 844 },
] as const;

/** English and the longer German. */
export const englishAndGerman = ["en-US", "de-DE"] as const;

export interface Look {
  width: number;
  height: number;
  locale: string;
  /** "de-DE at 390 px": where a problem was seen. */
  at: string;
}

/** Shows `page` at a size, in a language: a reload, then the library up to date. */
export const showLook = async (
  page: Page,
  { width, height, locale }: Omit<Look, "at">,
): Promise<void> => {
  await page.setViewportSize({ width, height });
  await page.evaluate((chosen) => {
    localStorage.setItem("locale", chosen);
  }, locale);
  await page.reload();
  await waitForUpToDate(page);
};

/** Runs `check` on `page` at each size, in each of `locales`, after a reload in that language. */
export const forEachLook = async (
  page: Page,
  locales: readonly string[],
  check: (look: Look) => Promise<void>,
): Promise<void> => {
  for (const { width, height } of lookSizes) {
    for (const locale of locales) {
      await showLook(page, { width, height, locale });
      await check({ width, height, locale, at: `${locale} at ${String(width)} px` });
    }
  }
};
