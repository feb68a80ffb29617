import { expect, it } from "vitest";
import { useCairnInChromium } from "./test-support/suite";

const { cairn, browser } = useCairnInChromium();

it("keeps the chosen theme across a reload", async () => {
  const context = await browser().newContext();
  const page = await context.newPage();
  await page.goto(cairn().urls.photos);
  const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
  expect(await theme()).toBe("dark");

  await page.getByRole("button", { name: "Light" }).click();
  expect(await theme()).toBe("light");
  await page.reload();
  await page.getByRole("heading", { level: 1 }).waitFor();
  expect(await theme()).toBe("light");

  await page.getByRole("button", { name: "Dark" }).click();
  await page.reload();
  await page.getByRole("heading", { level: 1 }).waitFor();
  expect(await theme()).toBe("dark");
  await context.close();
});

it("keeps the chosen language across a reload", async () => {
  const context = await browser().newContext({ locale: "en-US" });
  const page = await context.newPage();
  await page.goto(cairn().urls.photos);
  await page.getByRole("link", { name: "Log in" }).waitFor();

  await page.getByRole("combobox", { name: "Language" }).selectOption("fr-FR");
  await page.getByRole("link", { name: "Se connecter" }).waitFor();
  expect(await page.evaluate(() => document.documentElement.lang)).toBe("fr-FR");

  await page.reload();
  await page.getByRole("link", { name: "Se connecter" }).waitFor();
  expect(await page.evaluate(() => document.documentElement.lang)).toBe("fr-FR");

  await page.getByRole("combobox", { name: "Langue" }).selectOption("de-DE");
  await page.reload();
  await page.getByRole("link", { name: "Anmelden" }).waitFor();
  expect(await page.evaluate(() => document.documentElement.lang)).toBe("de-DE");
  await context.close();
});

it("follows the browser's language on a first visit, with a legacy stored code mapped", async () => {
  const context = await browser().newContext({ locale: "es-ES" });
  const page = await context.newPage();
  await page.goto(cairn().urls.photos);
  await page.getByRole("heading", { level: 1 }).waitFor();
  expect(await page.evaluate(() => document.documentElement.lang)).toBe("es-ES");

  // A locale stored by an older client as a short code ("pt") is understood.
  await page.evaluate(() => {
    localStorage.setItem("locale", "pt");
  });
  await page.reload();
  await page.getByRole("heading", { level: 1 }).waitFor();
  expect(await page.evaluate(() => document.documentElement.lang)).toBe("pt-BR");
  await context.close();
});
