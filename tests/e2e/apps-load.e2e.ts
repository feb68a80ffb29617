import { describe, expect, it } from "vitest";
import { useCairnInChromium } from "./test-support/suite";

const { cairn, browser } = useCairnInChromium();

describe("a fresh Cairn", () => {
  it("answers /ping on the API", async () => {
    const response = await fetch(`${cairn().urls.api}/ping`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ message: "pong" });
  });

  it.each([
    ["photos", "Cairn Photos"],
    ["accounts", "Cairn Accounts"],
    ["auth", "Cairn Auth"],
  ] as const)("renders the %s app's shell and landing page", async (app, title) => {
    const page = await browser().newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(cairn().urls[app]);
    await expect.poll(() => page.title()).toContain(title);
    await page.getByRole("heading", { level: 1, name: title }).waitFor();
    // The shell's controls are there on the landing page.
    await page.getByRole("group", { name: "Theme" }).waitFor();
    await page.getByRole("combobox", { name: "Language" }).waitFor();
    // Dark by default (spec §1).
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("offers sign-up and log-in on the photos landing page", async () => {
    const page = await browser().newPage();
    await page.goto(cairn().urls.photos);
    await page.getByRole("link", { name: "Log in" }).click();
    await page.waitForURL(`${cairn().urls.photos}/login`);
    await page.close();
  });

  it("sends a logged-out visitor of the gallery to the root route", async () => {
    const page = await browser().newPage();
    await page.goto(`${cairn().urls.photos}/gallery`);
    await page.waitForURL(`${cairn().urls.photos}/`);
    await page.getByRole("heading", { level: 1, name: "Cairn Photos" }).waitFor();
    await page.close();
  });

  it("shows a not-found page for an unknown path", async () => {
    const page = await browser().newPage();
    await page.goto(`${cairn().urls.photos}/no-such-page`);
    await page.getByText("Page not found").first().waitFor();
    await page.close();
  });
});
