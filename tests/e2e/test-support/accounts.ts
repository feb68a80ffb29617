// Helpers of the account browser tests: the mail outbox, TOTP codes, a
// virtual WebAuthn authenticator, the account screens driven like a person
// would, and a look into everything a page keeps in the browser.

import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { expect } from "vitest";
import type { BrowserContext, CDPSession, Page } from "playwright-core";
import { totpCode } from "../../test-support/two-factor";
import { withPatientWaits } from "./patient-browser";
import type { TestCairn } from "./suite";
import { mediaWorkMs, pageCatchUpMs } from "./waits";

/** How long a test waits for a mail to land in the outbox. See: [Note: Browser test waits are sized for a loaded 2-core machine] */
const mailWaitMs = pageCatchUpMs;
/** How often the outbox is looked at while waiting. */
const mailPollMs = 100;

const codePattern = /Your Cairn verification code is (\d{6})/;

/** The verification codes mailed to `email`, oldest first. */
export async function mailedCodes(cairn: TestCairn, email: string): Promise<string[]> {
  const dir = path.join(cairn.dataDir, "mail");
  let files: string[];
  try {
    files = (await readdir(dir)).filter((name) => name.endsWith(".eml")).sort();
  } catch {
    return [];
  }
  const codes: string[] = [];
  for (const file of files) {
    const message = await readFile(path.join(dir, file), "utf8");
    const to = /^To: (.*)$/m.exec(message)?.[1] ?? "";
    const code = codePattern.exec(message)?.[1];
    if (to.toLowerCase().includes(email.toLowerCase()) && code !== undefined) codes.push(code);
  }
  return codes;
}

/** Wait for a code mailed to `email` after `seen` earlier ones, and return it. */
export async function waitForNewCode(
  cairn: TestCairn,
  email: string,
  seen: number,
): Promise<string> {
  const deadline = Date.now() + mailWaitMs;
  for (;;) {
    const codes = await mailedCodes(cairn, email);
    const code = codes[seen];
    if (code !== undefined) return codes[codes.length - 1] ?? code;
    if (Date.now() > deadline) throw new Error(`No verification code mailed to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, mailPollMs));
  }
}

export { totpCode };

/**
 * The next TOTP code that differs from `usedCode`, waiting for the next
 * 30 s period if needed: the server accepts each code only once.
 */
export async function freshTotpCode(secretBase32: string, usedCode: string): Promise<string> {
  for (;;) {
    const code = totpCode(secretBase32);
    if (code !== usedCode) return code;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * Give `page` a virtual platform authenticator (CDP `WebAuthn`), which
 * answers every passkey prompt at once as if the person had confirmed it.
 */
export async function addVirtualAuthenticator(
  page: Page,
): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

/** A fresh, unique email address for one test. */
export const testEmail = (label: string): string =>
  `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@cairn.test`;

export const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
export const button = (page: Page, name: string) => page.getByRole("button", { name, exact: true });

/**
 * From the photos app's account menu, opens the accounts app's passkeys (the
 * first time: none yet) and adds one named `name` (a virtual authenticator
 * must be attached).
 */
export const addFirstPasskeyFromPhotos = async (page: Page, cairn: TestCairn, name: string) => {
  await openSettings(page);
  await button(page, "Passkeys").click();
  await page.waitForURL(`${cairn.urls.accounts}/passkeys`);
  await page.getByText("You have no passkeys yet.").waitFor();
  await field(page, "Passkey name").fill(name);
  await button(page, "Add a passkey").click();
  await page.getByRole("listitem").getByText(name, { exact: true }).waitFor();
};

/** Type the code mailed to `email` into the verification screen and submit it. */
export async function enterMailedCode(
  page: Page,
  cairn: TestCairn,
  email: string,
  seen: number,
): Promise<void> {
  const code = await waitForNewCode(cairn, email, seen);
  await field(page, "Verification code").fill(code);
  await button(page, "Verify").click();
}

export interface SignUpResult {
  recoveryMnemonic: string;
  /** From submitting the password to the recovery key on screen: Argon2id, key generation, SRP setup. */
  keyGenerationMs: number;
  /** From opening /signup to the gallery. */
  totalMs: number;
}

/** Sign up through the screens, from `/signup` to the gallery. */
export async function signUp(
  page: Page,
  cairn: TestCairn,
  email: string,
  password: string,
): Promise<SignUpResult> {
  const startedMs = Date.now();
  const seen = (await mailedCodes(cairn, email)).length;
  await page.goto(`${cairn.urls.photos}/signup`);
  await field(page, "Email").fill(email);
  await button(page, "Create account").click();
  await page.waitForURL(/\/verify$/);
  await enterMailedCode(page, cairn, email, seen);
  await page.waitForURL(/\/generate$/);
  await field(page, "New password").fill(password);
  await field(page, "Confirm password").fill(password);
  const generationStartMs = Date.now();
  await button(page, "Set password").click();
  const words = page.getByTestId("recovery-key").getByRole("listitem");
  await words.first().waitFor({ timeout: mediaWorkMs });
  const keyGenerationMs = Date.now() - generationStartMs;
  const recoveryMnemonic = (await words.allTextContents()).join(" ");
  expect(recoveryMnemonic.split(" ")).toHaveLength(24);
  // The acknowledgement is required before going on.
  await expect(button(page, "Continue to Cairn").isDisabled()).resolves.toBe(true);
  await page.getByLabel("I have saved my recovery key in a safe place").check();
  await button(page, "Continue to Cairn").click();
  await expectGalleryOf(page, email);
  return { recoveryMnemonic, keyGenerationMs, totalMs: Date.now() - startedMs };
}

/** Log in through `/login` with email and password (the SRP path). */
export async function logIn(page: Page, cairn: TestCairn, email: string, password: string) {
  await page.goto(`${cairn.urls.photos}/login`);
  await field(page, "Email").fill(email);
  await button(page, "Continue").click();
  await field(page, "Password").fill(password);
  await button(page, "Log in").click();
}

/**
 * Opens the gallery's settings page from its navigation (the account, its
 * storage and security, logout), unless it is open already.
 */
export async function openSettings(page: Page) {
  if (!/\/gallery\/settings$/.test(new URL(page.url()).pathname)) {
    await page.getByTestId("nav-settings").click();
  }
  await page.getByTestId("settings-page").waitFor();
}

/** The settings page, back from an account screen, names `email`. */
export async function expectSettingsOf(page: Page, email: string) {
  await page.waitForURL(/\/gallery\/settings$/);
  await page
    .getByTestId("settings-email")
    .and(page.getByText(email, { exact: true }))
    .waitFor({ timeout: pageCatchUpMs });
}

/** Log out from the gallery's settings; the root route is shown. */
export async function logOut(page: Page, cairn: TestCairn) {
  await openSettings(page);
  await button(page, "Log out").click();
  await page.waitForURL(`${cairn.urls.photos}/`);
}

/** The email shown in the gallery once it has loaded. */
export async function expectGalleryOf(page: Page, email: string) {
  await page.waitForURL(/\/gallery$/);
  // The navigation names the account (on phones only in its text, not on screen).
  await page
    .locator(`[data-testid="account-email"]:text-is(${JSON.stringify(email)})`)
    .waitFor({ state: "attached", timeout: pageCatchUpMs });
}

export interface BrowserStorageSnapshot {
  localStorage: Record<string, string>;
  sessionStorage: Record<string, string>;
  /** Every IndexedDB database of the origin, with the number of records in each store. */
  indexedDB: Record<string, Record<string, number>>;
  /** Every Cache Storage cache of the origin, with its number of entries. */
  caches: Record<string, number>;
}

/** Everything `page`'s origin keeps in the browser. */
export function readBrowserStorage(page: Page): Promise<BrowserStorageSnapshot> {
  return page.evaluate(async () => {
    const entries = (storage: Storage) => {
      const out: Record<string, string> = {};
      for (let i = 0; i < storage.length; i++) {
        const key = storage.key(i);
        if (key !== null) out[key] = storage.getItem(key) ?? "";
      }
      return out;
    };
    const request = <T>(r: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        r.onsuccess = () => {
          resolve(r.result);
        };
        r.onerror = () => {
          reject(r.error ?? new Error("IndexedDB request failed"));
        };
      });
    const indexedDBSnapshot: Record<string, Record<string, number>> = {};
    for (const { name } of await indexedDB.databases()) {
      if (name === undefined) continue;
      const db = await request(indexedDB.open(name));
      const stores: Record<string, number> = {};
      for (const store of Array.from(db.objectStoreNames)) {
        stores[store] = await request(db.transaction(store).objectStore(store).count());
      }
      db.close();
      indexedDBSnapshot[name] = stores;
    }
    const cachesSnapshot: Record<string, number> = {};
    if (typeof caches !== "undefined") {
      for (const name of await caches.keys()) {
        cachesSnapshot[name] = (await (await caches.open(name)).keys()).length;
      }
    }
    return {
      localStorage: entries(localStorage),
      sessionStorage: entries(sessionStorage),
      indexedDB: indexedDBSnapshot,
      caches: cachesSnapshot,
    };
  });
}

/** A second "browser" with only what survives a restart: local storage, not session storage. */
export async function restartedContext(context: BrowserContext): Promise<BrowserContext> {
  const browser = context.browser();
  if (!browser) throw new Error("The context has no browser");
  // The context's browser is Playwright's own, not the patient one the tests were given.
  return withPatientWaits(await browser.newContext({ storageState: await context.storageState() }));
}
