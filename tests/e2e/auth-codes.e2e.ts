// The auth app in Chromium against the real server: codes added by link, by
// QR image and by hand show the values an independent implementation
// (otpauth in Node) computes for the same period; a second browser of the
// same account sees them and its edits; changes made offline are kept and
// sent once back online; deleted codes wait in Recently deleted.

import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { HOTP, Secret, TOTP } from "otpauth";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import {
  type Browser,
  type BrowserContext,
  chromium,
  type Locator,
  type Page,
} from "playwright-core";
import QRCode from "qrcode";
import { afterAll, beforeAll, expect, it } from "vitest";
import { getAuthenticatorDiff } from "../../shared/api/endpoints/authenticator";
import type { NodeLibraryClient } from "../../workers/library/node-library-client";
import type { NodeAccount } from "../test-support/node-account";
import { signUpWithLibraryClient } from "./test-support/library";
import { useCairnInChromium } from "./test-support/suite";
import { mediaWorkMs, pageCatchUpMs } from "./test-support/waits";
import {
  aegisVaultJSON,
  encryptedAegisVaultJSON,
  googleMigrationUri,
  migrationAccountOf,
  sampleEntries,
} from "../../workers/authenticator/test-support/import-files";
import { overflowsIn } from "./test-support/dialog-fit";
import { chromiumArgs, chromiumPath } from "./test-support/chromium";
import { patientBrowser } from "./test-support/patient-browser";

const execFileAsync = promisify(execFile);
import { englishAndGerman, lookSizes } from "./test-support/looks";

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
const openAuthApp = async (
  as: Pick<NodeAccount, "email" | "password"> = account,
  inBrowser: Browser = browser(),
): Promise<{ context: BrowserContext; page: Page }> => {
  const context = await inBrowser.newContext({ viewport: { width: 1400, height: 900 } });
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
  await page.getByLabel("Email").fill(as.email);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel("Password", { exact: true }).fill(as.password);
  await page.getByRole("button", { name: "Log in" }).click();
  // The login derives the password's key with Argon2id in the browser (real
  // strength): heavy work, which on the loaded 2-core machine took more than
  // a page's catch-up time. See: [Note: Browser test waits are sized for a loaded 2-core machine]
  await page.waitForURL(`${authURL()}/auth`, { timeout: mediaWorkMs });
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

/** Asks the app for a sync as a window gaining focus does. */
const syncOnFocus = (page: Page) =>
  page.evaluate(() => {
    window.dispatchEvent(new Event("focus"));
  });

const accountOf = (page: Page, issuer: string) =>
  card(page, issuer).locator(".cairn-code__account").textContent();

const openMenuAction = async (page: Page, issuer: string, action: string) => {
  await card(page, issuer)
    .getByRole("button", { name: `Actions for ${issuer}` })
    .click();
  await card(page, issuer).locator(`[data-action="${action}"]`).click();
};

it("shows each browser the other's changes, and sends changes made offline once back online", async () => {
  const a = await openAuthApp();
  const b = await openAuthApp();
  for (const { page } of [a, b]) await card(page, "VPN").waitFor({ timeout: pageCatchUpMs });

  // An edit in one browser reaches the other at its next sync.
  await openMenuAction(a.page, "GitHub", "edit");
  const editing = a.page.getByTestId("auth-edit-dialog");
  await editing.getByLabel("Account").fill("octo@work.example");
  await editing.getByLabel("Note").fill("the work account");
  await editing.getByRole("button", { name: "Save" }).click();
  await expect.poll(() => accountOf(a.page, "GitHub")).toBe("octo@work.example");
  await expect
    .poll(
      async () => {
        await syncOnFocus(b.page);
        return accountOf(b.page, "GitHub");
      },
      { timeout: pageCatchUpMs, interval: 1000 },
    )
    .toBe("octo@work.example");

  // Offline, B pins a code and deletes another: they show at once, marked as not backed up.
  await b.context.setOffline(true);
  await openMenuAction(b.page, "Bank", "pin");
  await openMenuAction(b.page, "VPN", "delete");
  await expect
    .poll(() => b.page.getByTestId("auth-code").first().getAttribute("data-issuer"))
    .toBe("Bank");
  await expect.poll(() => card(b.page, "VPN").count()).toBe(0);
  await expect
    .poll(() => b.page.getByTestId("auth-sync").getAttribute("data-state"))
    .toBe("offline");
  await b.page.getByTestId("auth-code-pending").first().waitFor();
  // A sees nothing of it yet.
  await syncOnFocus(a.page);
  expect(await card(a.page, "VPN").count()).toBe(1);

  // Back online, B sends them; A sees them after its next sync.
  await b.context.setOffline(false);
  await expect
    .poll(() => b.page.getByTestId("auth-code-pending").count(), { timeout: pageCatchUpMs })
    .toBe(0);
  await expect
    .poll(
      async () => {
        await syncOnFocus(a.page);
        return card(a.page, "VPN").count();
      },
      { timeout: pageCatchUpMs, interval: 1000 },
    )
    .toBe(0);
  expect(await a.page.getByTestId("auth-code").first().getAttribute("data-issuer")).toBe("Bank");

  // A restores VPN from Recently deleted; B gets it back.
  await a.page.getByRole("button", { name: "More" }).click();
  await a.page.locator('[data-action="trash"]').click();
  const trashed = a.page.locator('[data-testid=auth-trashed][data-issuer="VPN"]');
  await trashed.getByTestId("auth-restore").click();
  await a.page.keyboard.press("Escape");
  await card(a.page, "VPN").waitFor();
  await expect
    .poll(
      async () => {
        await syncOnFocus(b.page);
        return card(b.page, "VPN").count();
      },
      { timeout: pageCatchUpMs, interval: 1000 },
    )
    .toBe(1);

  // Deleted for good in B: gone from A's Recently deleted too, a tombstone on the server.
  await openMenuAction(b.page, "VPN", "delete");
  await b.page.getByRole("button", { name: "More" }).click();
  await b.page.locator('[data-action="trash"]').click();
  await b.page
    .locator('[data-testid=auth-trashed][data-issuer="VPN"]')
    .getByTestId("auth-delete-forever")
    .click();
  await b.page
    .getByTestId("auth-trash-confirm")
    .getByRole("button", { name: "Delete for good" })
    .click();
  await expect.poll(() => b.page.locator("[data-testid=auth-trashed]").count()).toBe(0);
  await expect
    .poll(
      async () => {
        const { diff } = await client.deps.api.call(getAuthenticatorDiff, {
          query: { sinceTime: 0, limit: 100 },
        });
        return diff.filter((entity) => entity.isDeleted).length;
      },
      { timeout: pageCatchUpMs },
    )
    .toBe(1);
  await Promise.all([a.context.close(), b.context.close()]);
});

/** Imports `text` as a file named `name` from the More menu; answers the dialog. */
const importFile = async (page: Page, name: string, text: string) => {
  const filePath = path.join(filesDir, name);
  await writeFile(filePath, text);
  await page.getByRole("button", { name: "More" }).click();
  await page.locator('[data-action="import"]').click();
  await page.getByTestId("auth-import-file").setInputFiles(filePath);
  return page.getByTestId("auth-import-dialog");
};

/** Exports from the More menu; answers the downloaded file's text. */
const exportCodes = async (page: Page, kind: "plain" | { password: string }) => {
  await page.getByRole("button", { name: "More" }).click();
  await page.locator('[data-action="export"]').click();
  const dialog = page.getByTestId("auth-export-dialog");
  if (kind === "plain") {
    await dialog.getByLabel("Plain list of otpauth:// links").check();
    await dialog.getByTestId("auth-export-understood").check();
  } else {
    await dialog.getByLabel("Password for the file").fill(kind.password);
    await dialog.getByLabel("Password again").fill(kind.password);
  }
  const [download] = await Promise.all([
    page.waitForEvent("download", { timeout: mediaWorkMs }),
    dialog.getByRole("button", { name: "Download" }).click(),
  ]);
  return readFile(await download.path(), "utf8");
};

it(
  "imports other apps' files with a report, and its own exports round-trip to another account",
  async () => {
    const { context, page } = await openAuthApp();
    await card(page, "Bank").waitFor({ timeout: pageCatchUpMs });
    const before = await page.getByTestId("auth-code").count();
    const entries = sampleEntries();

    // Aegis: every code added; the same file again adds nothing.
    const aegis = aegisVaultJSON(entries);
    let dialog = await importFile(page, "aegis.json", aegis);
    await expect
      .poll(() => dialog.getByTestId("auth-import-added").textContent())
      .toBe(`${String(entries.length)} codes added.`);
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByTestId("auth-code").count()).toBe(before + entries.length);
    dialog = await importFile(page, "aegis-again.json", aegis);
    await expect
      .poll(() => dialog.getByTestId("auth-import-skipped").textContent())
      .toBe(`${String(entries.length)} codes skipped: already in your list.`);
    expect(await dialog.getByTestId("auth-import-added").textContent()).toBe("No code added.");
    await page.keyboard.press("Escape");

    // An encrypted Aegis vault is refused as a whole, saying what to do; nothing changes.
    dialog = await importFile(page, "aegis-encrypted.json", encryptedAegisVaultJSON());
    await expect
      .poll(() => dialog.getByTestId("auth-import-error").textContent())
      .toContain("This Aegis export is encrypted");
    await page.keyboard.press("Escape");

    // A list with a good and a bad line: the good one added, the bad one refused with why.
    dialog = await importFile(
      page,
      "list.txt",
      [
        "otpauth://totp/Mastodon:ana?secret=KRSXG5CTMVRXEZLU&issuer=Mastodon",
        "otpauth://totp/Broken:ana?secret=1234&issuer=Broken",
      ].join("\n"),
    );
    await expect
      .poll(() => dialog.getByTestId("auth-import-added").textContent())
      .toBe("1 code added.");
    expect(await dialog.getByTestId("auth-import-refused").textContent()).toBe(
      "1 entry could not be imported:",
    );
    expect(await dialog.locator(".cairn-auth-report__reason").textContent()).toContain(
      "The secret key is not valid",
    );
    await page.keyboard.press("Escape");

    // Google Authenticator's export link, pasted: its codes are present already (it has no Steam codes).
    const googleAccounts = entries
      .filter((entry) => entry.otp.kind !== "steam")
      .map((entry) => migrationAccountOf(entry));
    await addByLink(page, googleMigrationUri(googleAccounts));
    await expect
      .poll(() => page.getByTestId("auth-import-skipped").textContent())
      .toBe(`${String(googleAccounts.length)} codes skipped: already in your list.`);
    await page.keyboard.press("Escape");
    const shown = await page.getByTestId("auth-code").count();

    // The plain export lists every shown code as an otpauth:// link.
    const plain = await exportCodes(page, "plain");
    const links = plain.split("\n").filter((line) => line.startsWith("otpauth://"));
    expect(links).toHaveLength(shown);

    // The encrypted export opens in another account with its password, and only with it.
    const password = "correct horse battery";
    const encrypted = await exportCodes(page, { password });
    expect(encrypted).not.toContain("JBSWY3DPEHPK3PXP");
    const exported = JSON.parse(encrypted) as {
      version: unknown;
      kdfParams: { opsLimit: unknown };
    };
    expect(exported.version).toBe(1);
    expect(typeof exported.kdfParams.opsLimit).toBe("number");
    await context.close();

    const other = await signUpWithLibraryClient(cairn(), "auth-import");
    const second = await openAuthApp(other.account);
    dialog = await importFile(second.page, "export.json", encrypted);
    await dialog.getByLabel("The export's password").fill("not the password");
    await dialog.getByRole("button", { name: "Import" }).click();
    await expect
      .poll(() => dialog.getByTestId("auth-import-error").textContent(), { timeout: mediaWorkMs })
      .toBe("This password does not open the export.");
    await dialog.getByLabel("The export's password").fill(password);
    await dialog.getByRole("button", { name: "Import" }).click();
    await expect
      .poll(() => dialog.getByTestId("auth-import-added").textContent(), { timeout: mediaWorkMs })
      .toBe(`${String(shown)} codes added.`);
    await second.page.keyboard.press("Escape");
    await expect.poll(() => second.page.getByTestId("auth-code").count()).toBe(shown);
    await second.context.close();
    await other.client.close();
  },
  mediaWorkMs * 3,
);

const screenshotDir = process.env.CAIRN_E2E_SCREENSHOTS;

const moreMenu = (page: Page) =>
  page.locator(".cairn-auth__toolbar .cairn-menu").last().locator("button").first();

it("fits its list and its dialogs on a desktop and a phone, in English and German", async () => {
  const { context, page } = await openAuthApp();
  await card(page, "Bank").waitFor({ timeout: pageCatchUpMs });
  if (screenshotDir !== undefined) await mkdir(screenshotDir, { recursive: true });
  const problems: string[] = [];
  /** Records what sticks out of `dialog`, and takes its screenshot when asked to. */
  const looked = async (dialog: Locator, name: string) => {
    for (const problem of await overflowsIn(dialog)) problems.push(`${name}: ${problem}`);
    if (screenshotDir !== undefined) {
      await page.screenshot({ path: path.join(screenshotDir, `auth-${name}.png`) });
    }
  };
  // One code in Recently deleted, for its list.
  await openMenuAction(page, "VPN", "delete");
  await expect.poll(() => card(page, "VPN").count()).toBe(0);
  for (const { width, height } of lookSizes) {
    for (const locale of englishAndGerman) {
      const at = `${locale} at ${String(width)} px`;
      await page.setViewportSize({ width, height });
      await page.evaluate((chosen) => {
        localStorage.setItem("locale", chosen);
      }, locale);
      await page.reload();
      await card(page, "Bank").waitFor({ timeout: pageCatchUpMs });
      const main = page.getByTestId("auth-page");
      // Nothing wider than the window; every card inside it.
      const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      if (pageWidth > width + 1)
        problems.push(`${at}: the page scrolls sideways (${String(pageWidth)} px)`);
      for (const problem of await overflowsIn(main)) problems.push(`${at}: ${problem}`);
      if (screenshotDir !== undefined) {
        await page.screenshot({
          path: path.join(screenshotDir, `auth-list-${locale}-${String(width)}.png`),
        });
      }
      for (const tab of ["link", "manual"] as const) {
        await page.getByTestId("auth-add").click();
        await page.getByTestId(`auth-add-tab-${tab}`).click();
        if (tab === "manual") await page.getByText(/^(Options|Optionen)$/).click();
        const dialog = page.getByTestId("auth-add-dialog");
        for (const problem of await overflowsIn(dialog))
          problems.push(`${at}, add (${tab}): ${problem}`);
        if (screenshotDir !== undefined) {
          await page.screenshot({
            path: path.join(screenshotDir, `auth-add-${tab}-${locale}-${String(width)}.png`),
          });
        }
        await page.keyboard.press("Escape");
      }
      await page
        .locator(".cairn-auth__toolbar .cairn-menu")
        .last()
        .locator("button")
        .first()
        .click();
      await page.locator('[data-action="export"]').click();
      await looked(page.getByTestId("auth-export-dialog"), `export-${locale}-${String(width)}`);
      await page.keyboard.press("Escape");

      await card(page, "Bank").locator(".cairn-menu > button").first().click();
      await card(page, "Bank").locator('[data-action="edit"]').click();
      await looked(page.getByTestId("auth-edit-dialog"), `edit-${locale}-${String(width)}`);
      await page.keyboard.press("Escape");

      await moreMenu(page).click();
      await page.locator('[data-action="trash"]').click();
      await page.getByTestId("auth-trashed").first().waitFor();
      await looked(page.getByTestId("auth-trash-dialog"), `trash-${locale}-${String(width)}`);
      await page.keyboard.press("Escape");

      // The import report of a file whose codes are all here already: nothing is added.
      const filePath = path.join(filesDir, "again.json");
      await writeFile(filePath, aegisVaultJSON(sampleEntries()));
      await moreMenu(page).click();
      await page.locator('[data-action="import"]').click();
      await page.getByTestId("auth-import-file").setInputFiles(filePath);
      await page.getByTestId("auth-import-report").waitFor();
      await looked(page.getByTestId("auth-import-dialog"), `import-${locale}-${String(width)}`);
      await page.keyboard.press("Escape");
    }
  }
  expect(problems).toEqual([]);
  await context.close();
});

it("leaves no code, key or local copy in the browser after logout", async () => {
  const { context, page } = await openAuthApp();
  await card(page, "Bank").waitFor({ timeout: pageCatchUpMs });
  const databases = () =>
    page.evaluate(async () => (await indexedDB.databases()).map(({ name }) => name));
  expect(await databases()).toContain("cairn-auth");
  await page.getByRole("button", { name: "More" }).click();
  await page.locator('[data-action="logout"]').click();
  await page.waitForURL(`${authURL()}/`);
  await expect.poll(databases).not.toContain("cairn-auth");
  expect(await page.evaluate(() => Object.keys(localStorage))).not.toContain("user");
  await context.close();
});

/** A y4m video of `text`'s QR code on a white 640×480 frame, as Chromium's fake camera plays it. */
const qrCameraVideo = async (text: string): Promise<string> => {
  const pngPath = path.join(filesDir, "camera-qr.png");
  const videoPath = path.join(filesDir, "camera-qr.y4m");
  await writeFile(pngPath, await QRCode.toBuffer(text, { type: "png", width: 400, margin: 4 }));
  await execFileAsync("ffmpeg", [
    "-loglevel",
    "error",
    "-y",
    "-loop",
    "1",
    "-i",
    pngPath,
    "-vf",
    "scale=400:400,pad=640:480:120:40:white,format=yuv420p",
    "-frames:v",
    "10",
    "-r",
    "10",
    videoPath,
  ]);
  return videoPath;
};

it("adds a code held up to the camera, and names a change the server refuses", async () => {
  const camera = new TOTP({
    issuer: "Camera",
    label: "lens@example.com",
    secret: Secret.fromBase32("KRSXG5CTMVRXEZLU"),
  });
  // A Chromium whose camera plays the QR code (the suite's browser has no camera).
  const cameraBrowser = patientBrowser(
    await chromium.launch({
      executablePath: chromiumPath,
      headless: true,
      args: [
        ...chromiumArgs,
        "--use-fake-device-for-media-stream",
        "--use-fake-ui-for-media-stream",
        `--use-file-for-fake-video-capture=${await qrCameraVideo(camera.toString())}`,
      ],
    }),
  );
  try {
    const { page } = await openAuthApp(account, cameraBrowser);
    await card(page, "Bank").waitFor({ timeout: pageCatchUpMs });
    await page.getByTestId("auth-add").click();
    await page.getByTestId("auth-add-tab-camera").click();
    await card(page, "Camera").waitFor({ timeout: mediaWorkMs });
    const shown = await shownCode(page, "Camera");
    expect(shown.code).toBe(camera.generate({ timestamp: shown.periodStartMs }));

    // A note too large for the server (64 KiB sealed): the edit is undone and the page says why.
    await openMenuAction(page, "Camera", "edit");
    const editing = page.getByTestId("auth-edit-dialog");
    await editing.getByLabel("Note").fill("n".repeat(70_000));
    await editing.getByRole("button", { name: "Save" }).click();
    const refused = page.getByTestId("auth-refused");
    await expect
      .poll(() => refused.textContent(), { timeout: pageCatchUpMs })
      .toContain(
        "Your change to Camera (lens@example.com) was undone: it is too large for the server",
      );
    expect(await page.getByTestId("auth-code-pending").count()).toBe(0);
    for (const problem of await overflowsIn(page.getByTestId("auth-page"))) {
      expect.fail(`The refusal notice sticks out: ${problem}`);
    }
    if (screenshotDir !== undefined) {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: path.join(screenshotDir, "auth-refused-en-390.png") });
    }
    await refused.getByRole("button", { name: "Dismiss" }).click();
    await expect.poll(() => refused.count()).toBe(0);
  } finally {
    await cameraBrowser.close();
  }
});
