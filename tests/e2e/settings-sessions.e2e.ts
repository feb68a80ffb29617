// The settings list the devices logged in to the photos app, this one first
// and marked, with where and when each was last used; logging another device
// out (after a confirmation) ends its session there: its next call to the
// server finds the session gone and asks it to log in again. The device's
// button says "Log out device", apart from the page's own "Log out".

import { afterAll, beforeAll, expect, it } from "vitest";
import { openSettings } from "./test-support/accounts";
import { waitForUpToDate } from "./test-support/gallery";
import {
  type AccountWithLibrary,
  openLoggedInGallery,
  signUpWithLibraryClient,
} from "./test-support/library";
import { useCairnInChromium } from "./test-support/suite";
import { pageCatchUpMs } from "./test-support/waits";

const { cairn, browser } = useCairnInChromium({ rateLimitScale: 100 });

let owner: AccountWithLibrary;

beforeAll(async () => {
  owner = await signUpWithLibraryClient(cairn(), "sessions");
});

afterAll(async () => {
  await owner.client.close();
});

it("lists this device first and logs another one out", async () => {
  const laptop = await openLoggedInGallery(browser(), cairn(), owner.account);
  const phone = await openLoggedInGallery(browser(), cairn(), owner.account);

  await openSettings(laptop);
  const rows = laptop.getByTestId("settings-session");
  // This browser, the other one, and the sign-up's session of the test's setup.
  await expect.poll(() => rows.count(), { timeout: pageCatchUpMs }).toBeGreaterThanOrEqual(3);
  const before = await rows.count();
  expect(await rows.first().textContent()).toContain("This device");
  expect(await rows.first().getByRole("button", { name: "Log out device" }).count()).toBe(0);
  expect(await rows.nth(1).textContent()).toContain("last used");

  // The most recently used other device is the phone's browser.
  await rows.nth(1).getByRole("button", { name: "Log out device" }).click();
  const dialog = laptop.getByRole("dialog");
  await dialog.getByText("That device will need your password", { exact: false }).waitFor();
  await dialog.getByRole("button", { name: "Log out device", exact: true }).click();
  await laptop.getByText("is logged out", { exact: false }).waitFor({ timeout: pageCatchUpMs });
  await expect.poll(() => rows.count(), { timeout: pageCatchUpMs }).toBe(before - 1);

  // The phone learns at its next call to the server.
  await phone.reload();
  await phone
    .getByRole("dialog")
    .getByRole("button", { name: "Log in" })
    .waitFor({ timeout: pageCatchUpMs });

  // The laptop still works.
  await laptop.goto(`${cairn().urls.photos}/gallery`);
  await waitForUpToDate(laptop);
  await laptop.context().close();
  await phone.context().close();
});
