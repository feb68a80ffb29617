// The photos app's login screens driven over the bare DevTools pipe
// (bench/lib/cdp-browser.ts), as a person types and clicks them.
// See: [Note: The upload is not measured under playwright]

import type { CdpPage } from "./cdp-browser";
import type { Credentials } from "./seeded-photos";

/** Far above a login's Argon2id on a loaded machine; only a hang reaches it. */
const loginTimeoutMs = 120_000;
const stepTimeoutMs = 60_000;
const pollMs = 100;

/** Focuses the text field labelled `label` (the account screens' TextField); false until it is there. */
const focusField = (label: string): boolean => {
  const found = Array.from(document.querySelectorAll("label")).find(
    (candidate) => candidate.textContent.trim() === label,
  );
  const control = found?.control;
  if (!(control instanceof HTMLInputElement) || control.disabled) return false;
  control.focus();
  control.select();
  return document.activeElement === control;
};

/** Clicks the enabled button whose text is `name`; false until there is one. */
const clickButton = (name: string): boolean => {
  const button = Array.from(document.querySelectorAll("button")).find(
    (candidate) => candidate.textContent.trim() === name && !candidate.disabled,
  );
  button?.click();
  return button !== undefined;
};

const fill = async (page: CdpPage, label: string, text: string) => {
  await page.waitFor(focusField, label, { timeoutMs: stepTimeoutMs, pollMs });
  await page.insertText(text);
};

/** Logs in through the photos app's screens and waits for the gallery. */
export const logInOverCdp = async (
  page: CdpPage,
  photosOrigin: string,
  credentials: Credentials,
): Promise<void> => {
  await page.navigate(`${photosOrigin}/login`);
  await fill(page, "Email", credentials.email);
  await page.waitFor(clickButton, "Continue", { timeoutMs: stepTimeoutMs, pollMs });
  await fill(page, "Password", credentials.password);
  await page.waitFor(clickButton, "Log in", { timeoutMs: stepTimeoutMs, pollMs });
  await page.waitFor(() => location.pathname.startsWith("/gallery"), undefined, {
    timeoutMs: loginTimeoutMs,
    pollMs,
  });
};
