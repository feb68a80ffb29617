// Changing the password and the email from the gallery's settings page.

import { it } from "vitest";
import {
  button,
  expectGalleryOf,
  expectSettingsOf,
  field,
  logIn,
  logOut,
  mailedCodes,
  openSettings,
  signUp,
  testEmail,
  waitForNewCode,
} from "./test-support/accounts";
import { useCairnInChromium } from "./test-support/suite";

const { cairn, browser } = useCairnInChromium({ rateLimitScale: 100 });

it("changes the password and the email, and logs in with the new ones", async () => {
  const email = testEmail("change");
  const newEmail = testEmail("changed");
  const password = "first password 1";
  const newPassword = "second password 2";
  const context = await browser().newContext();
  const page = await context.newPage();
  await signUp(page, cairn(), email, password);

  await openSettings(page);
  await page.getByRole("link", { name: "Change password" }).click();
  await page.waitForURL(/\/change-password$/);
  await field(page, "New password").fill(newPassword);
  await field(page, "Confirm password").fill("a typo");
  await button(page, "Change password").click();
  await page.getByText("The passwords do not match").waitFor();
  await field(page, "Confirm password").fill(newPassword);
  await button(page, "Change password").click();
  await page.getByText("Your password has been changed.").waitFor();
  await page.getByRole("link", { name: "Done" }).click();
  await expectSettingsOf(page, email);

  await page.getByRole("link", { name: "Change email" }).click();
  await page.waitForURL(/\/change-email$/);
  await field(page, "New email").fill(newEmail);
  const seen = (await mailedCodes(cairn(), newEmail)).length;
  await button(page, "Send code").click();
  const code = await waitForNewCode(cairn(), newEmail, seen);
  await field(page, "Verification code").fill(code);
  await button(page, "Change email").click();
  await page.getByText(`Your email address is now ${newEmail}.`).waitFor();
  await page.getByRole("link", { name: "Done" }).click();
  await expectSettingsOf(page, newEmail);
  await logOut(page, cairn());

  await logIn(page, cairn(), newEmail, password);
  await page.getByRole("alert").getByText("Incorrect password").waitFor();
  await field(page, "Password").fill(newPassword);
  await button(page, "Log in").click();
  await expectGalleryOf(page, newEmail);

  // The old address no longer has an account.
  await logOut(page, cairn());
  await page.goto(`${cairn().urls.photos}/login`);
  await field(page, "Email").fill(email);
  await button(page, "Continue").click();
  await page.getByRole("alert").waitFor();
  await context.close();
});
