// TOTP two-factor authentication with codes computed by the test: setup,
// login with a code, a used code refused, and recovery with the recovery key.

import { expect, it } from "vitest";
import {
  button,
  expectGalleryOf,
  field,
  freshTotpCode,
  logIn,
  logOut,
  openSettings,
  signUp,
  testEmail,
  totpCode,
} from "./test-support/accounts";
import { useCairnInChromium } from "./test-support/suite";

const { cairn, browser } = useCairnInChromium({ rateLimitScale: 100 });

it(
  "sets up TOTP, requires it at login, refuses a replayed code and recovers",
  async () => {
    const email = testEmail("totp");
    const password = "two factors are better 1";
    const context = await browser().newContext();
    const page = await context.newPage();
    const { recoveryMnemonic } = await signUp(page, cairn(), email, password);

    await openSettings(page);
    await page.getByRole("link", { name: /Two-factor authentication/ }).click();
    await page.waitForURL(/\/two-factor\/setup$/);
    await page.getByRole("img", { name: "QR code for your authenticator app" }).waitFor();
    const secret = (await page.getByTestId("two-factor-secret").textContent()) ?? "";
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    await field(page, "Authenticator code").fill("000000");
    await button(page, "Enable two-factor authentication").click();
    await page.getByRole("alert").waitFor();
    const enablingCode = totpCode(secret);
    await field(page, "Authenticator code").fill(enablingCode);
    await button(page, "Enable two-factor authentication").click();
    await page.getByText(/Two-factor authentication is on/).waitFor();
    await page.getByRole("link", { name: "Done" }).click();
    await logOut(page, cairn());

    // Login now asks for a code.
    await logIn(page, cairn(), email, password);
    await page.waitForURL(/\/two-factor\/verify$/);
    // The code that enabled TOTP is spent: the login needs the next one.
    const code = await freshTotpCode(secret, enablingCode);
    await field(page, "Authenticator code").fill(code);
    await button(page, "Verify").click();
    await expectGalleryOf(page, email);
    await logOut(page, cairn());

    // The same code, still within its period, cannot be used twice.
    await logIn(page, cairn(), email, password);
    await page.waitForURL(/\/two-factor\/verify$/);
    await field(page, "Authenticator code").fill(code);
    await button(page, "Verify").click();
    await page.getByText("This code is not correct. Check it and try again.").waitFor();

    // Lost device: the recovery key removes the second factor and logs in.
    await page.getByRole("link", { name: "Lost your device?" }).click();
    await page.waitForURL(/\/two-factor\/recover$/);
    await field(page, "Recovery key").fill(recoveryMnemonic);
    await button(page, "Recover").click();
    await expectGalleryOf(page, email);
    await logOut(page, cairn());

    // Two-factor is off: the password alone logs in.
    await logIn(page, cairn(), email, password);
    await expectGalleryOf(page, email);

    // Switched on again, then off from the settings page: its status shows both.
    await openSettings(page);
    await page.getByRole("link", { name: /Two-factor authentication/ }).click();
    await page.waitForURL(/\/two-factor\/setup$/);
    const secondSecret = (await page.getByTestId("two-factor-secret").textContent()) ?? "";
    await field(page, "Authenticator code").fill(totpCode(secondSecret));
    await button(page, "Enable two-factor authentication").click();
    await page.getByText(/Two-factor authentication is on/).waitFor();
    await button(page, "Turn off two-factor authentication").click();
    await page.getByRole("img", { name: "QR code for your authenticator app" }).waitFor();
    expect(await page.getByText(/Two-factor authentication is on/).count()).toBe(0);
    await page.getByRole("link", { name: "Done" }).click();
    await logOut(page, cairn());
    await logIn(page, cairn(), email, password);
    await expectGalleryOf(page, email);
    await context.close();
  },
  // Waits for a fresh TOTP code (a new 30 s period) fit in the project's five minutes.
);
