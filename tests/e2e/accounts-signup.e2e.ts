// Sign-up reading the code from the mail outbox, login on a fresh browser,
// wrong password, a browser restart (the token stays, the key does not), and
// the server settings of the login page.

import { expect, it } from "vitest";
import {
  button,
  enterMailedCode,
  expectGalleryOf,
  field,
  logIn,
  mailedCodes,
  restartedContext,
  signUp,
  testEmail,
} from "./test-support/accounts";
import { useCairnInChromium } from "./test-support/suite";

// Enough room for every request of this file; the limits have their own server tests.
const { cairn, browser } = useCairnInChromium({ rateLimitScale: 100 });

const password = "correct horse battery staple";

it("signs up, then logs in on a fresh browser; a wrong password is refused", async () => {
  const email = testEmail("signup");
  const first = await browser().newContext();
  const page = await first.newPage();
  const { keyGenerationMs, totalMs } = await signUp(page, cairn(), email, password);
  // Printed for the record of how long a sign-up takes (Argon2id included).
  console.info(`Sign-up in the browser: keys in ${keyGenerationMs} ms, whole flow ${totalMs} ms`);

  // The tab stays unlocked across a reload.
  await page.reload();
  await expectGalleryOf(page, email);

  // The same email cannot sign up twice.
  const other = await browser().newContext();
  const second = await other.newPage();
  await second.goto(`${cairn().urls.photos}/signup`);
  await field(second, "Email").fill(email);
  await button(second, "Create account").click();
  await second.getByText("An account with this email already exists. Log in instead.").waitFor();

  // A fresh browser: email, then the password on the same screen (SRP).
  await logIn(second, cairn(), email, "not the password");
  await second.getByRole("alert").getByText("Incorrect password").waitFor();
  await field(second, "Password").fill(password);
  await button(second, "Log in").click();
  await expectGalleryOf(second, email);

  await first.close();
  await other.close();
});

it("asks for the password again after a browser restart", async () => {
  const email = testEmail("restart");
  const context = await browser().newContext();
  const page = await context.newPage();
  await signUp(page, cairn(), email, password);

  const restarted = await restartedContext(context);
  await context.close();
  const again = await restarted.newPage();
  await again.goto(`${cairn().urls.photos}/gallery`);
  await again.waitForURL(/\/credentials$/);
  await again.getByText(email).waitFor();
  await field(again, "Password").fill("wrong password");
  await button(again, "Unlock").click();
  await again.getByRole("alert").getByText("Incorrect password").waitFor();
  await field(again, "Password").fill(password);
  await button(again, "Unlock").click();
  await expectGalleryOf(again, email);
  await restarted.close();
});

it("tells an unfinished sign-up to sign up again, which then continues", async () => {
  // A sign-up that stopped before the keys: the account exists without keys.
  const email = testEmail("unfinished");
  const context = await browser().newContext();
  const page = await context.newPage();
  const seenAtSignup = (await mailedCodes(cairn(), email)).length;
  await page.goto(`${cairn().urls.photos}/signup`);
  await field(page, "Email").fill(email);
  await button(page, "Create account").click();
  await enterMailedCode(page, cairn(), email, seenAtSignup);
  await page.waitForURL(/\/generate$/);
  await context.close();

  const fresh = await browser().newContext();
  const login = await fresh.newPage();
  await login.goto(`${cairn().urls.photos}/login`);
  await field(login, "Email").fill(email);
  await button(login, "Continue").click();
  await login
    .getByText("Your sign-up is not finished. Sign up again with this email to complete it.")
    .waitFor();

  const seen = (await mailedCodes(cairn(), email)).length;
  await login.goto(`${cairn().urls.photos}/signup`);
  await field(login, "Email").fill(email);
  await button(login, "Create account").click();
  await login.waitForURL(/\/verify$/);
  // A wrong code is refused with a message; the right one goes on.
  await field(login, "Verification code").fill("000000");
  await button(login, "Verify").click();
  await login.getByText("This code is not correct. Check it and try again.").waitFor();
  await enterMailedCode(login, cairn(), email, seen);
  await login.waitForURL(/\/generate$/);
  await fresh.close();
});

it("points the app at another server from the login page, and back", async () => {
  const context = await browser().newContext();
  const page = await context.newPage();
  await page.goto(`${cairn().urls.photos}/login`);
  await button(page, "Server settings").click();
  const dialog = page.getByRole("dialog", { name: "Server settings" });
  await field(page, "Server address").fill("not a url");
  await button(page, "Save and reload").click();
  await dialog.getByText("Enter a web address starting with http:// or https://").waitFor();

  // The app's own API, spelled with a trailing slash: stored without it.
  await field(page, "Server address").fill(`${cairn().urls.api}/`);
  await Promise.all([page.waitForEvent("load"), button(page, "Save and reload").click()]);
  expect(await page.evaluate(() => localStorage.getItem("apiEndpoint"))).toBe(cairn().urls.api);
  await page.getByRole("heading", { level: 1, name: "Log in" }).waitFor();

  await button(page, "Server settings").click();
  await Promise.all([page.waitForEvent("load"), button(page, "Use the default server").click()]);
  expect(await page.evaluate(() => localStorage.getItem("apiEndpoint"))).toBeNull();
  await context.close();
});
