// Session expiry by revoking the token server-side (the not-closable
// dialog), and a logout that leaves no secret in the browser.

import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import {
  expectGalleryOf,
  logIn,
  logOut,
  readBrowserStorage,
  signUp,
  testEmail,
} from "./test-support/accounts";
import { useCairnInChromium } from "./test-support/suite";

const { cairn, browser } = useCairnInChromium({ rateLimitScale: 100 });

const tokenOf = async (page: Page): Promise<string> => {
  const user = await page.evaluate(() => localStorage.getItem("user"));
  const token = (JSON.parse(user ?? "{}") as { token?: string }).token;
  if (token === undefined) throw new Error("No session token in local storage");
  return token;
};

it("shows the not-closable session-expired dialog once the session is revoked", async () => {
  const email = testEmail("expiry");
  const password = "session password 1";
  const first = await browser().newContext();
  const page = await first.newPage();
  await signUp(page, cairn(), email, password);
  const revokedToken = await tokenOf(page);

  // A second session of the same account revokes the first one.
  const second = await browser().newContext();
  const other = await second.newPage();
  await logIn(other, cairn(), email, password);
  // The seconds of the password key are explained while they pass.
  await other
    .getByTestId("login-progress")
    .getByText("Unlocking your keys… This takes a few seconds on purpose", { exact: false })
    .waitFor();
  await expectGalleryOf(other, email);
  const response = await fetch(
    `${cairn().urls.api}/users/session?token=${encodeURIComponent(revokedToken)}`,
    { method: "DELETE", headers: { "X-Auth-Token": await tokenOf(other) } },
  );
  expect(response.status).toBe(200);

  await page.reload();
  const dialog = page.getByRole("dialog", { name: "Session expired" });
  await dialog.waitFor();
  // Not closable: no close button, Escape and the backdrop do nothing.
  await page.keyboard.press("Escape");
  await page.mouse.click(5, 5);
  await expect(dialog.isVisible()).resolves.toBe(true);
  expect(await dialog.getByRole("button").allTextContents()).toEqual(["Log in"]);
  await dialog.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem("user"))).toBeNull();

  // The other session is untouched.
  await other.reload();
  await expectGalleryOf(other, email);
  await first.close();
  await second.close();
});

it("leaves no token, key or user data in the browser after logout", async () => {
  const email = testEmail("logout");
  const password = "logout password 1";
  const context = await browser().newContext();
  const page = await context.newPage();
  await signUp(page, cairn(), email, password);
  await page.reload();
  await expectGalleryOf(page, email);
  const token = await tokenOf(page);
  const before = await readBrowserStorage(page);
  expect(before.localStorage.user).toContain(token);

  await logOut(page, cairn());
  await page.getByRole("link", { name: "Log in" }).waitFor();
  const after = await readBrowserStorage(page);
  const everything = JSON.stringify(after);
  for (const secret of [token, email]) expect(everything).not.toContain(secret);
  for (const key of ["user", "session", "keyAttributes", "originalKeyAttributes"]) {
    expect(after.localStorage[key]).toBeUndefined();
  }
  expect(after.sessionStorage).toEqual({});
  // No database of the origin keeps a record, and no cache an entry.
  for (const stores of Object.values(after.indexedDB)) {
    for (const count of Object.values(stores)) expect(count).toBe(0);
  }
  for (const entries of Object.values(after.caches)) expect(entries).toBe(0);

  // A logged-out visitor of the gallery is sent to the start.
  await page.goto(`${cairn().urls.photos}/gallery`);
  await page.waitForURL(`${cairn().urls.photos}/`);
  await context.close();
});
