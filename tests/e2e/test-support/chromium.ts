import { chromium, type Browser } from "playwright-core";

/**
 * Debian's Chromium, driven by playwright-core; nothing downloads a browser.
 *
 * [Note: Chromium flags on a closed network]
 *
 * Without the background-networking flags Chromium keeps trying to reach
 * Google's hosts, which this network refuses (many connections at a time);
 * `--no-sandbox` is needed because CI runs as root.
 */
export const chromiumPath = process.env.CAIRN_CHROMIUM_PATH ?? "/usr/bin/chromium";

export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

/** Used by the browser tests and by the bench (`bench/`). */
export function launchChromium(executablePath: string = chromiumPath): Promise<Browser> {
  return chromium.launch({ executablePath, headless: true, args: chromiumArgs });
}
