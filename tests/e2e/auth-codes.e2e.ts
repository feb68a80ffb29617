// The auth app in Chromium against the real server: codes added by link, by
// QR image and by hand show the values an independent implementation
// (otpauth in Node) computes for the same period; a second browser of the
// same account sees them and its edits; changes made offline are kept and
// sent once back online; deleted codes wait in Recently deleted.

import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { HOTP, Secret, TOTP } from "otpauth";
import type { BrowserContext, Page } from "playwright-core";
import QRCode from "qrcode";
import { afterAll, beforeAll, expect, it } from "vitest";
import { getAuthenticatorDiff } from "../../shared/api/endpoints/authenticator";
import type { NodeLibraryClient } from "../../workers/library/node-library-client";
import type { NodeAccount } from "../test-support/node-account";
import { signUpWithLibraryClient } from "./test-support/library";
import { useCairnInChromium } from "./test-support/suite";
import { pageCatchUpMs } from "./test-support/waits";

const { cairn, browser } = useCairnInChromium();

let account: NodeAccount;
let client: NodeLibraryClient;
let filesDir = "";

beforeAll(async () => {
  ({ account, client } = await signUpWithLibraryClient(cairn(), "auth-codes"));
  filesDir = await mkdtemp(path.join(os.tmpdir(), "cairn-auth-codes-"));
});

afterAll(async () => {
  await client.close();
  await rm(filesDir, { recursive: true, force: true });
});

const authURL = () => cairn().urls.auth;

/** A logged-in auth app in a new context, its codes page open. */
const openAuthApp = async (): Promise<{ context: BrowserContext; page: Page }> => {
  const context = await browser().newContext({ viewport: { width: 1400, height: 900 } });
  await context.grantPermissions(["clipboard-write"], { origin: authURL() });
  // The app may not read the clipboard (its Permissions-Policy): what it writes is recorded.
  await context.addInitScript(() => {
    const copied: string[] = [];
    Object.assign(window, { copiedTexts: copied });
    const write = navigator.clipboard.writeText.bind(navigator.clipboard);
    navigator.clipboard.writeText = (text: string) => {
      copied.push(text);
      return write(text);
    };
  });
  const page = await context.newPage();
  await page.goto(`${authURL()}/login`);
  await page.getByLabel("Email").fill(account.email);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL(`${authURL()}/auth`);
  await page.getByTestId("auth-page").and(page.locator("[aria-busy=false]")).waitFor({
    timeout: pageCatchUpMs,
  });
  return { context, page };
};

const lastCopied = (page: Page) =>
  page.evaluate(() => (window as unknown as { copiedTexts: string[] }).copiedTexts.at(-1));

const card = (page: Page, issuer: string) =>
  page.locator(`[data-testid=auth-code][data-issuer="${issuer}"]`);

/** The code a card shows, without its grouping space, and the period it is for (read together). */
const shownCode = async (page: Page, issuer: string) => {
  const value = card(page, issuer).getByTestId("auth-code-value");
  const read = () =>
    value.evaluate((element) => ({
      code: element.textContent.replace(/\s/g, ""),
      periodStartMs: Number(element.getAttribute("data-period-start-ms") ?? Number.NaN),
    }));
  await expect.poll(async () => Number.isFinite((await read()).periodStartMs)).toBe(true);
  return read();
};

const addByLink = async (page: Page, link: string) => {
  await page.getByTestId("auth-add").click();
  await page.getByTestId("auth-add-tab-link").click();
  await page.getByTestId("auth-link").fill(link);
  await page.getByTestId("auth-add-dialog").getByRole("button", { name: "Add code" }).click();
};

it("adds codes by link, by QR image and by hand, each as otpauth computes it; refuses bad input clearly", async () => {
  const { context, page } = await openAuthApp();
  await page.getByTestId("auth-empty").waitFor();

  // By link: SHA-1, 6 digits, 30 s.
  const github = new TOTP({
    issuer: "GitHub",
    label: "octo@example.com",
    secret: Secret.fromBase32("JBSWY3DPEHPK3PXP"),
  });
  await addByLink(page, github.toString());
  await card(page, "GitHub").waitFor();
  const githubShown = await shownCode(page, "GitHub");
  expect(githubShown.code).toBe(github.generate({ timestamp: githubShown.periodStartMs }));

  // A malformed link, an unknown algorithm and a secret that is not base32: each says why.
  await page.getByTestId("auth-add").click();
  for (const [link, message] of [
    ["https://example.com", "This is not an otpauth:// link of a two-factor code."],
    [
      "otpauth://totp/X:y?secret=JBSWY3DPEHPK3PXP&algorithm=MD5",
      "The code's algorithm is not one of SHA-1, SHA-256 or SHA-512.",
    ],
    ["otpauth://totp/X:y?secret=not-base32!", "The secret key is not valid"],
    [github.toString(), "This code is already in your list."],
  ] as const) {
    await page.getByTestId("auth-add-tab-link").click();
    await page.getByTestId("auth-link").fill(link);
    await page.getByTestId("auth-add-dialog").getByRole("button", { name: "Add code" }).click();
    await expect.poll(() => page.getByTestId("auth-add-error").textContent()).toContain(message);
  }
  await page.keyboard.press("Escape");
  expect(await page.getByTestId("auth-code").count()).toBe(1);

  // By QR image: SHA-256, 8 digits, 60 s.
  const bank = new TOTP({
    issuer: "Bank",
    label: "jane",
    algorithm: "SHA256",
    digits: 8,
    period: 60,
    secret: Secret.fromBase32("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"),
  });
  const qrPath = path.join(filesDir, "bank-qr.png");
  await writeFile(qrPath, await QRCode.toBuffer(bank.toString(), { type: "png", width: 360 }));
  await page.getByTestId("auth-add").click();
  await page.getByTestId("auth-add-tab-image").click();
  await page.getByTestId("auth-qr-file").setInputFiles(qrPath);
  await card(page, "Bank").waitFor({ timeout: pageCatchUpMs });
  const bankShown = await shownCode(page, "Bank");
  expect(bankShown.code).toHaveLength(8);
  expect(bankShown.code).toBe(bank.generate({ timestamp: bankShown.periodStartMs }));

  // An image without a QR code says so.
  const noCodePath = path.join(filesDir, "blank.png");
  await writeFile(
    noCodePath,
    Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==",
      "base64",
    ),
  );
  await page.getByTestId("auth-add").click();
  await page.getByTestId("auth-add-tab-image").click();
  await page.getByTestId("auth-qr-file").setInputFiles(noCodePath);
  await expect
    .poll(() => page.getByTestId("auth-add-error").textContent())
    .toBe("No QR code was found in this image.");

  // By hand: an HOTP code, SHA-512, counter 5; revealing shows counter 5's code, then 6's.
  await page.getByTestId("auth-add-tab-manual").click();
  const form = page.getByTestId("auth-manual");
  await form.getByLabel("Service").fill("VPN");
  await form.getByLabel("Account").fill("admin");
  await form.getByLabel("Secret key").fill("mfrg gzdf mztw q2lk");
  await form.getByText("Options").click();
  await form.getByRole("combobox", { name: "Type" }).selectOption("hotp");
  await form.getByRole("combobox", { name: "Algorithm" }).selectOption("sha512");
  await form.getByRole("textbox", { name: "Counter" }).fill("5");
  await form.getByLabel("Tags").fill("work, servers");
  await form.getByRole("button", { name: "Add code" }).click();
  await card(page, "VPN").waitFor();
  const vpn = new HOTP({ algorithm: "SHA512", secret: Secret.fromBase32("MFRGGZDFMZTWQ2LK") });
  await card(page, "VPN")
    .getByRole("button", { name: /Show the next code/ })
    .click();
  await expect
    .poll(() => card(page, "VPN").getByTestId("auth-code-value").textContent())
    .toBe(`${vpn.generate({ counter: 5 }).slice(0, 3)} ${vpn.generate({ counter: 5 }).slice(3)}`);
  expect(await lastCopied(page)).toBe(vpn.generate({ counter: 5 }));

  // Tapping a code copies it.
  await card(page, "GitHub")
    .getByRole("button", { name: /Copy the code of GitHub/ })
    .click();
  await expect.poll(() => lastCopied(page)).not.toBe(vpn.generate({ counter: 5 }));
  const copied = await lastCopied(page);
  const now = await shownCode(page, "GitHub");
  expect(copied).toBe(github.generate({ timestamp: now.periodStartMs }));

  // Search and tags.
  await page.getByTestId("auth-search").fill("jane");
  await expect.poll(() => page.getByTestId("auth-code").count()).toBe(1);
  await page.getByTestId("auth-search").fill("");
  await page.getByTestId("auth-tag").filter({ hasText: "servers" }).click();
  await expect.poll(() => page.getByTestId("auth-code").count()).toBe(1);
  await page.getByTestId("auth-tag").filter({ hasText: "All" }).click();

  // On the server: three entities, every one sealed (no secret or name in clear).
  await expect
    .poll(async () => {
      const { diff } = await client.deps.api.call(getAuthenticatorDiff, {
        query: { sinceTime: 0, limit: 100 },
      });
      return diff.filter((entity) => !entity.isDeleted).length;
    })
    .toBe(3);
  const { diff } = await client.deps.api.call(getAuthenticatorDiff, {
    query: { sinceTime: 0, limit: 100 },
  });
  const stored = JSON.stringify(diff);
  for (const secret of ["JBSWY3DPEHPK3PXP", "GitHub", "jane", "MFRGGZDFMZTWQ2LK"]) {
    expect(stored).not.toContain(secret);
  }
  await context.close();
});
