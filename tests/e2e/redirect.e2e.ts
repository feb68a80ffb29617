import path from "node:path";
import { signUpNodeAccount } from "../test-support/node-account";
import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startProviderSite } from "./test-support/cairn";
import { useCairnInChromium } from "./test-support/suite";
import { sharedTestPassword } from "../test-support/shared-test-kek";

let provider: Awaited<ReturnType<typeof startProviderSite>>;

beforeAll(async () => {
  provider = await startProviderSite();
});

afterAll(async () => {
  await provider.close();
});

const { cairn, browser } = useCairnInChromium(() => ({
  roadmapURL: `${provider.origin}/roadmap`,
  familiesURL: `${provider.origin}/families`,
}));

/** A browser context whose local storage holds a logged-in user (spec §4: login state is a token). */
async function loggedInContext(): Promise<BrowserContext> {
  const context = await browser().newContext();
  await context.addInitScript(() => {
    localStorage.setItem(
      "user",
      JSON.stringify({ id: 1, email: "ada@example.org", token: "dG9rZW4=" }),
    );
  });
  return context;
}

it("sends a logged-in user to the roadmap at once", async () => {
  const context = await loggedInContext();
  const page = await context.newPage();
  await page.goto(`${cairn().urls.photos}/gallery?redirect=roadmap`);
  await page.waitForURL(`${provider.origin}/roadmap`);
  await page.getByRole("heading", { name: "Provider page /roadmap" }).waitFor();
  await context.close();
});

it("sends a logged-in user to the family portal with a families token and a way back to the gallery", async () => {
  // The portal's link comes from a families-token call, so the user is real.
  const account = await signUpNodeAccount({
    apiOrigin: cairn().urls.api,
    mailDir: path.join(cairn().dataDir, "mail"),
    email: "ada-family@example.org",
    password: sharedTestPassword,
  });
  const context = await browser().newContext();
  await context.addInitScript(
    (user) => {
      localStorage.setItem("user", JSON.stringify(user));
    },
    { id: account.userID, email: account.email, token: account.token },
  );
  const page = await context.newPage();
  await page.goto(`${cairn().urls.photos}/?redirect=families`);
  await page.waitForURL((url) => url.origin === provider.origin && url.pathname === "/families");
  expect(new URL(page.url()).searchParams.get("redirectURL")).toBe(
    `${cairn().urls.photos}/gallery`,
  );
  expect(new URL(page.url()).searchParams.get("token")).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  await context.close();
});

it("holds the redirect of a logged-out visitor until login", async () => {
  const context = await browser().newContext();
  const page = await context.newPage();
  await page.goto(`${cairn().urls.photos}/login?redirect=roadmap`);
  await page.getByRole("heading", { level: 1 }).waitFor();
  // Still on Cairn, with the redirect remembered for after login.
  expect(new URL(page.url()).origin).toBe(cairn().urls.photos);
  const held = await page.evaluate(() => sessionStorage.getItem("pendingRedirect"));
  expect(JSON.parse(held ?? "null")).toMatchObject({
    target: "roadmap",
    url: `${provider.origin}/roadmap`,
  });
  await context.close();
});

it("tells the user when the redirect is not one it knows", async () => {
  const context = await browser().newContext();
  const page = await context.newPage();
  await page.goto(`${cairn().urls.accounts}/?redirect=elsewhere`);
  const dialog = page.getByRole("dialog");
  await dialog.getByText(/invalid redirection elsewhere/i).waitFor();
  expect(new URL(page.url()).origin).toBe(cairn().urls.accounts);
  await context.close();
});
