// Recovery with the recovery key after a forgotten password: the old
// password then fails, the new one works and the account's keys still open.

import { it } from "vitest";
import {
  button,
  enterMailedCode,
  expectGalleryOf,
  field,
  logIn,
  logOut,
  mailedCodes,
  signUp,
  testEmail,
} from "./test-support/accounts";
import { useCairnInChromium } from "./test-support/suite";

const { cairn, browser } = useCairnInChromium({ rateLimitScale: 100 });

it("recovers a forgotten password with the recovery key", async () => {
  const email = testEmail("recover");
  const oldPassword = "the old password 1";
  const newPassword = "a brand new password 2";
  const context = await browser().newContext();
  const page = await context.newPage();
  const { recoveryMnemonic } = await signUp(page, cairn(), email, oldPassword);
  await logOut(page, cairn());

  // Forgot the password: the mailed code proves the email, then /recover.
  await page.goto(`${cairn().urls.photos}/login`);
  await field(page, "Email").fill(email);
  await button(page, "Continue").click();
  await field(page, "Password").waitFor();
  const seen = (await mailedCodes(cairn(), email)).length;
  await button(page, "Forgot password?").click();
  await page.waitForURL(/\/verify$/);
  await enterMailedCode(page, cairn(), email, seen);
  await page.waitForURL(/\/recover$/);

  // A malformed key is refused; the words may come with any spacing.
  await field(page, "Recovery key").fill("these are not twenty four words");
  await button(page, "Recover account").click();
  await page.getByRole("alert").waitFor();
  await field(page, "Recovery key").fill(`  ${recoveryMnemonic.split(" ").join("\n")}  `);
  await button(page, "Recover account").click();
  await field(page, "New password").fill(newPassword);
  await field(page, "Confirm password").fill(newPassword);
  await button(page, "Set new password").click();
  await expectGalleryOf(page, email);
  await logOut(page, cairn());

  await logIn(page, cairn(), email, oldPassword);
  await page.getByRole("alert").getByText("Incorrect password").waitFor();
  await field(page, "Password").fill(newPassword);
  await button(page, "Log in").click();
  await expectGalleryOf(page, email);
  await context.close();
});
