// Plans in Chromium: the settings page opens Cairn's payments
// page through a payment token (the token leaves the address bar); the
// page says the user is on the free plan and who grants plans here. The
// server's administrator grants a plan with `npm run admin -- set-plan`;
// the page then shows it with its end date, and going back to Cairn shows
// the spec's subscription success dialog with the expiry date, once.

import { writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { runAdmin } from "../../server/src/admin/run-admin";
import {
  type AccountWithLibrary,
  openLoggedInGallery,
  signUpWithLibraryClient,
} from "./test-support/library";
import { openSettings } from "./test-support/accounts";
import { useCairnInChromium } from "./test-support/suite";

const { cairn, browser } = useCairnInChromium({ rateLimitScale: 100 });

let ada: AccountWithLibrary;

beforeAll(async () => {
  ada = await signUpWithLibraryClient(cairn(), "plans-ada");
});

afterAll(async () => {
  await ada.client.close();
});

/** `npm run admin -- ...argv` against the test server's own data, as its operator runs it. */
const admin = async (...argv: string[]) => {
  const plansFile = path.join(cairn().dataDir, "plans.json");
  await writeFile(
    plansFile,
    JSON.stringify({
      plans: [{ id: "yearly-200gb", storageGiB: 200, price: "€20", period: "year" }],
    }),
  );
  const errors: string[] = [];
  const exitCode = await runAdmin(argv, {
    environment: { CAIRN_DATA_DIR: cairn().dataDir, CAIRN_PLANS_FILE: plansFile },
    cwd: cairn().dataDir,
    out: () => undefined,
    err: (text) => errors.push(text),
  });
  expect(errors).toEqual([]);
  expect(exitCode).toBe(0);
};

it("shows the plan on the payments page, and the success dialog with its end date once granted", async () => {
  const page = await openLoggedInGallery(browser(), cairn(), ada.account);
  await openSettings(page);
  await page.getByRole("button", { name: "Plans", exact: true }).click();
  await page.getByTestId("payments-page").waitFor();
  expect(new URL(page.url()).pathname).toBe("/payments");
  expect(new URL(page.url()).searchParams.has("token")).toBe(false);
  await page.getByTestId("payments-current-plan").getByText("You are on the free plan").waitFor();
  await page.getByText("Its administrator grants them", { exact: false }).waitFor();

  await admin(
    "set-plan",
    "--email",
    ada.account.email,
    "--plan",
    "yearly-200gb",
    "--expiry",
    "2031-05-17",
  );
  await page.reload();
  await page.getByTestId("payments-current-plan").getByText("until May 17, 2031").waitFor();

  await page.getByRole("button", { name: "Back to Cairn", exact: true }).click();
  await page.waitForURL(/\/gallery/);
  const dialog = page.getByRole("dialog", { name: "Your plan is active" });
  await dialog.getByText("Thank you. Your plan is valid until May 17, 2031.").waitFor();
  expect(new URL(page.url()).searchParams.has("status")).toBe(false);
  await page.keyboard.press("Escape");

  // Said once: a reload of the gallery does not say it again.
  await page.reload();
  await page.getByTestId("sidebar-storage").waitFor();
  expect(await page.getByRole("dialog", { name: "Your plan is active" }).count()).toBe(0);
});
