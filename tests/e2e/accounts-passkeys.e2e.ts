// Passkeys with a virtual WebAuthn authenticator: registered, renamed and
// deleted in the accounts app, and used for a login of the photos app that
// goes through the accounts app and back.

import { expect, it } from "vitest";
import {
  addFirstPasskeyFromPhotos,
  addVirtualAuthenticator,
  button,
  expectGalleryOf,
  logIn,
  logOut,
  openSettings,
  signUp,
  testEmail,
} from "./test-support/accounts";
import { useCairnInChromium } from "./test-support/suite";

const { cairn, browser } = useCairnInChromium({ rateLimitScale: 100 });

it("registers, renames, uses and deletes a passkey", async () => {
  const email = testEmail("passkey");
  const password = "passkeys are nice 1";
  const context = await browser().newContext();
  const page = await context.newPage();
  const { cdp, authenticatorId } = await addVirtualAuthenticator(page);
  await signUp(page, cairn(), email, password);

  // Passkeys open in the accounts app, which takes the handed-over token out of the URL.
  await addFirstPasskeyFromPhotos(page, cairn(), "Laptop");

  await page.getByRole("button", { name: "Rename Laptop" }).click();
  await page.getByRole("listitem").getByLabel("Passkey name").fill("Work laptop");
  await button(page, "Save").click();
  await page.getByRole("listitem").getByText("Work laptop", { exact: true }).waitFor();

  // A login now needs the passkey, verified in the accounts app in another tab.
  await page.goto(`${cairn().urls.photos}/gallery`);
  await expectGalleryOf(page, email);
  await logOut(page, cairn());
  await logIn(page, cairn(), email, password);
  await page.waitForURL(/\/two-factor\/verify$/);
  await page.getByText("Waiting for your passkey…").waitFor();
  const [verification] = await Promise.all([
    context.waitForEvent("page"),
    page.getByRole("link", { name: "Verify with passkey" }).click(),
  ]);
  // The new tab gets an authenticator holding the same passkey.
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(credentials).toHaveLength(1);
  const second = await addVirtualAuthenticator(verification);
  for (const credential of credentials) {
    await second.cdp.send("WebAuthn.addCredential", {
      authenticatorId: second.authenticatorId,
      credential,
    });
  }
  await verification.waitForURL(/\/passkeys\?/);
  await button(verification, "Use my passkey").click();
  await verification.getByText(/Passkey verified/).waitFor();
  await expect(
    verification.getByRole("link", { name: "Continue in this tab" }).getAttribute("href"),
  ).resolves.toMatch(new RegExp(`^${cairn().urls.photos}/two-factor/verify\\?passkeySessionID=`));
  await verification.close();
  await expectGalleryOf(page, email);

  // Deleted, the passkey no longer guards the login. The settings count it.
  await openSettings(page);
  await page.getByRole("button", { name: "Passkeys 1" }).click();
  await page.waitForURL(`${cairn().urls.accounts}/passkeys`);
  await page.getByRole("button", { name: "Delete Work laptop" }).click();
  await page
    .getByRole("dialog", { name: "Delete this passkey?" })
    .getByRole("button", { name: "Delete" })
    .click();
  await page.getByText("You have no passkeys yet.").waitFor();
  await page.getByRole("link", { name: "Back to Cairn Photos" }).click();
  await expectGalleryOf(page, email);
  await logOut(page, cairn());
  await logIn(page, cairn(), email, password);
  await expectGalleryOf(page, email);
  await context.close();
});
