// An account made over HTTP with a Node library client of its own: how the
// browser tests of the library give a user files before the browser logs in;
// and the user's browsers, logged in at their gallery.

import path from "node:path";
import type { Browser, Page } from "playwright-core";
import type { DecryptedCollection } from "../../../workers/library/decrypted-records";
import {
  type NodeLibraryClient,
  createNodeLibraryClient,
} from "../../../workers/library/node-library-client";
import { type NodeAccount, signUpNodeAccount } from "../../test-support/node-account";
import { sharedTestPassword } from "../../test-support/shared-test-kek";
import { expectGalleryOf, logIn, testEmail } from "./accounts";
import { waitForUpToDate } from "./gallery";
import type { TestCairn } from "./suite";

export interface AccountWithLibrary {
  account: NodeAccount;
  client: NodeLibraryClient;
}

/**
 * [Note: One Node sign-up at a time in a browser test file]
 *
 * A Node sign-up derives its key with Argon2id (256 MiB × 16 passes) in
 * libsodium's synchronous WebAssembly, on the main thread of the test
 * process, which also runs the test Cairn: for the whole derivation (many
 * seconds on a loaded machine) the server answers nothing and writes no
 * mail, and another sign-up started alongside waits for its mailed code
 * (up to a minute, tests/test-support/node-account.ts) meanwhile. Two derivations cannot
 * overlap anyway (one thread), so sign-ups queue: nothing is lost, and the
 * rest of the setup (libraries, browser logins) still runs alongside.
 */
let signUpsDone: Promise<unknown> = Promise.resolve();

/**
 * The sign-up's requests, each on a connection of its own. The derivation
 * blocks the event loop for many seconds under load, past the keep-alive
 * of the connection the request before it used; the request after it then
 * went out on that connection as it was being closed (`ECONNRESET` at
 * `setKeyAttributes`, gallery-refusals' beforeAll under load).
 * See: [Note: One Node sign-up at a time in a browser test file]
 */
const fetchOnFreshConnection: typeof fetch = (input, init) => {
  const headers = new Headers(init?.headers);
  headers.set("Connection", "close");
  return fetch(input, { ...init, headers });
};

/** Runs `signUp` once every sign-up asked for before it has ended. See: [Note: One Node sign-up at a time in a browser test file] */
const afterEarlierSignUps = <T>(signUp: () => Promise<T>): Promise<T> => {
  const done = signUpsDone.then(signUp);
  signUpsDone = done.catch(() => undefined);
  return done;
};

/**
 * Signs up `label`'s account on `cairn` and opens a library client for it
 * (one crypto thread). With the shared test password unless the test needs
 * its own: See: [Note: Test accounts share one derived password key]
 */
export const signUpWithLibraryClient = async (
  cairn: TestCairn,
  label: string,
  password: string = sharedTestPassword,
): Promise<AccountWithLibrary> => {
  const account = await afterEarlierSignUps(() =>
    signUpNodeAccount({
      apiOrigin: cairn.urls.api,
      mailDir: path.join(cairn.dataDir, "mail"),
      email: testEmail(label),
      password,
      fetch: fetchOnFreshConnection,
    }),
  );
  const client = await createNodeLibraryClient({
    apiOrigin: cairn.urls.api,
    token: account.token,
    userID: account.userID,
    accountKeys: account.accountKeys,
    poolSize: 1,
  });
  return { account, client };
};

/** The window size of a fresh gallery (`openLoggedInGallery`'s). */
const galleryViewport = { width: 1400, height: 1000 };

/**
 * One of the user's browsers: a fresh context of `browser` (1400×1000),
 * logged in as `account` through the login screen, at its gallery with the
 * library up to date.
 */
export const openLoggedInGallery = async (
  browser: Browser,
  cairn: TestCairn,
  account: NodeAccount,
): Promise<Page> => {
  const context = await browser.newContext({ viewport: galleryViewport });
  const page = await context.newPage();
  await logIn(page, cairn, account.email, account.password);
  await expectGalleryOf(page, account.email);
  await waitForUpToDate(page);
  return page;
};

/**
 * [Note: A browser test file logs each account in once]
 *
 * A login in the browser derives the password key with Argon2id at the
 * stored strength and then syncs: about 10 s on a quiet machine, against
 * 1.6 s for a reload (the session survives it). Tests of one file that
 * need the same account's gallery, each as a user would find it, take
 * `keptLoggedInGallery`: the first logs in, the next ones get the same
 * page back as it was right after that login (its local storage as the
 * login left it, so languages, zoom levels and other choices made by the
 * test before are gone; the default window size; no emulated media), at
 * the gallery after a reload. What the server holds is shared anyway (one
 * account per file). A test that needs a browser of its own (a second
 * device, a fresh login) still takes `openLoggedInGallery`, and a test
 * that closes the kept page makes the next one log in again.
 */

interface KeptGallery {
  page: Page;
  /** Local storage as the login left it. */
  localStorage: Record<string, string>;
}

/** The kept galleries of this test file (each file has its own module instance), by account email. */
const keptGalleries = new Map<string, KeptGallery>();

/**
 * `account`'s gallery, logged in once per test file and handed back to each
 * test that asks again as it was right after the login.
 * See: [Note: A browser test file logs each account in once]
 */
export const keptLoggedInGallery = async (
  browser: Browser,
  cairn: TestCairn,
  account: NodeAccount,
): Promise<Page> => {
  const kept = keptGalleries.get(account.email);
  if (kept === undefined || kept.page.isClosed()) {
    const page = await openLoggedInGallery(browser, cairn, account);
    const localStorage = await page.evaluate(() =>
      Object.fromEntries(Object.entries(window.localStorage)),
    );
    keptGalleries.set(account.email, { page, localStorage });
    return page;
  }
  const { page, localStorage } = kept;
  await page.setViewportSize(galleryViewport);
  await page.emulateMedia({ colorScheme: null, reducedMotion: null });
  await page.evaluate((stored) => {
    window.localStorage.clear();
    for (const [key, value] of Object.entries(stored)) window.localStorage.setItem(key, value);
  }, localStorage);
  await page.goto(`${cairn.urls.photos}/gallery`);
  await expectGalleryOf(page, account.email);
  await waitForUpToDate(page);
  return page;
};

/** The titles of the files `client` (another device) finds in `album`, sorted. */
export const titlesInAlbum = async (
  client: NodeLibraryClient,
  album: DecryptedCollection,
): Promise<string[]> => {
  const { entries } = await client.fetchCollectionFiles(album);
  return entries
    .flatMap((entry) => (entry.kind === "file" ? [entry.file.metadata.title] : []))
    .sort();
};
