import { expect, it } from "vitest";
import { useCairnInChromium } from "./test-support/suite";

const { cairn, browser } = useCairnInChromium();

const offlineMessage = /You are offline/;

it.each(["photos", "accounts", "auth"] as const)(
  "the %s app shows the offline banner while the browser is offline",
  async (app) => {
    const context = await browser().newContext();
    const page = await context.newPage();
    await page.goto(cairn().urls[app]);
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await page.getByText(offlineMessage).count()).toBe(0);

    await context.setOffline(true);
    await page.getByRole("status").filter({ hasText: offlineMessage }).waitFor();

    await context.setOffline(false);
    await page.getByText(offlineMessage).waitFor({ state: "detached" });
    await context.close();
  },
);
