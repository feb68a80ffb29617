// Account deletion from the gallery: reason, feedback, confirmation; then
// the same email can sign up again.

import { expect, it } from "vitest";
import { button, field, openSettings, signUp, testEmail } from "./test-support/accounts";
import { useCairnInChromium } from "./test-support/suite";

const { cairn, browser } = useCairnInChromium({ rateLimitScale: 100 });

it("deletes the account, after which the email can sign up again", async () => {
  const email = testEmail("delete");
  const password = "delete me please 1";
  const context = await browser().newContext();
  const page = await context.newPage();
  await signUp(page, cairn(), email, password);

  // While the account exists, signing up again with its email is refused clearly.
  const other = await context.newPage();
  await other.goto(`${cairn().urls.photos}/signup`);
  await field(other, "Email").fill(email);
  await button(other, "Create account").click();
  await other.getByText("An account with this email already exists. Log in instead.").waitFor();
  expect(new URL(other.url()).pathname).toBe("/signup");
  await other.close();

  await openSettings(page);
  await button(page, "Delete account").click();
  const dialog = page.getByRole("dialog", { name: "Delete your account" });
  const confirm = dialog.getByRole("button", { name: "Delete account" });
  await expect(confirm.isDisabled()).resolves.toBe(true);
  await dialog.getByLabel("Why are you leaving?").selectOption("found_another_service");
  await dialog.getByLabel("Anything else we should know? (optional)").fill("Just testing.");
  await expect(confirm.isDisabled()).resolves.toBe(true);
  await dialog.getByLabel("Yes, permanently delete my account and all its data").check();
  await confirm.click();
  await page.waitForURL(`${cairn().urls.photos}/`);
  expect(await page.evaluate(() => localStorage.getItem("user"))).toBeNull();

  // The account is gone: the email signs up afresh.
  const { recoveryMnemonic } = await signUp(page, cairn(), email, "a new account 2");
  expect(recoveryMnemonic.split(" ")).toHaveLength(24);
  await context.close();
});
