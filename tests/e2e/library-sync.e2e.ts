// The library sync in Chromium: a library made by the Node client (real
// photos of the shared fixtures and generated files) shows in the gallery
// after a login through the screens; a reload shows it from the local
// database before the server answers; another client's change arrives when
// the window gets focus; IndexedDB holds no plaintext; logout deletes the
// local database.

import type { Page, Route } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { NodeLibraryClient } from "../../workers/library/node-library-client";
import {
  type TestLibrary,
  buildTestLibrary,
  uploadTestFile,
} from "../../workers/sync/test-support/library";
import type { NodeAccount } from "../test-support/node-account";
import { expectGalleryOf, logIn, logOut } from "./test-support/accounts";
import { signUpWithLibraryClient } from "./test-support/library";
import { useCairnInChromium } from "./test-support/suite";
import { pageCatchUpMs } from "./test-support/waits";

const { cairn, browser } = useCairnInChromium({ rateLimitScale: 100 });

const generatedCount = 12;
let account: NodeAccount;
let client: NodeLibraryClient;
let library: TestLibrary;

beforeAll(async () => {
  ({ account, client } = await signUpWithLibraryClient(cairn(), "library"));
  library = await buildTestLibrary(client, { generatedCount });
});

afterAll(async () => {
  await client.close();
});

/**
 * The albums bar's albums, hidden section and trash as "name count" lines
 * (all, the archive and the uncategorized placeholder left out: they hold
 * no album of the test library).
 */
const albumRows = (page: Page) =>
  page
    .getByTestId("album-entry")
    .evaluateAll((entries) =>
      entries
        .filter(
          (entry) => !["0", "-1", "-3"].includes(entry.getAttribute("data-collection-id") ?? ""),
        )
        .map(
          (entry) =>
            `${entry.querySelector("[data-testid=album-name]")?.textContent ?? ""} ${
              entry.querySelector("[data-testid=album-count]")?.textContent ?? ""
            }`,
        ),
    );

const syncState = (page: Page) => page.getByTestId("library-sync-state").getAttribute("data-state");

const waitForUpToDate = (page: Page) =>
  page.waitForFunction(
    () =>
      document.querySelector("[data-testid=library-sync-state]")?.getAttribute("data-state") ===
      "up-to-date",
    undefined,
    { timeout: pageCatchUpMs },
  );

/** Every value of every IndexedDB database of the page's origin, as text (bytes as Latin-1). */
const indexedDBText = (page: Page): Promise<{ names: string[]; text: string }> =>
  page.evaluate(async () => {
    const request = <T>(r: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        r.onsuccess = () => {
          resolve(r.result);
        };
        r.onerror = () => {
          reject(r.error ?? new Error("IndexedDB request failed"));
        };
      });
    const latin1 = new TextDecoder("latin1");
    const parts: string[] = [];
    const walk = (value: unknown): void => {
      if (value instanceof Uint8Array) parts.push(latin1.decode(value));
      else if (value instanceof ArrayBuffer) parts.push(latin1.decode(new Uint8Array(value)));
      else if (typeof value === "string" || typeof value === "number") parts.push(String(value));
      else if (Array.isArray(value)) value.forEach(walk);
      else if (typeof value === "object" && value !== null) Object.values(value).forEach(walk);
    };
    const names: string[] = [];
    for (const { name } of await indexedDB.databases()) {
      if (name === undefined) continue;
      names.push(name);
      const db = await request(indexedDB.open(name));
      for (const store of Array.from(db.objectStoreNames)) {
        walk(await request(db.transaction(store).objectStore(store).getAll()));
      }
      db.close();
    }
    return { names, text: parts.join("\n") };
  });

/**
 * The user's browser, logged in through the screens once for the file's
 * tests (a login derives the password's key: seconds of a core each).
 */
let loggedIn: Page | undefined;
const loggedInPage = async (): Promise<Page> => {
  if (loggedIn === undefined) {
    const page = await (await browser().newContext()).newPage();
    await logIn(page, cairn(), account.email, account.password);
    await expectGalleryOf(page, account.email);
    loggedIn = page;
  }
  return loggedIn;
};

const holdsPlaintext = (text: string, needle: string) =>
  text.includes(needle) ||
  text.includes(new TextDecoder("latin1").decode(new TextEncoder().encode(needle)));

// See: [Note: The skeleton pulses as two layers]
it("keeps the page's animations few and composited while a reload opens the library", async () => {
  const page = await loggedInPage();
  const context = page.context();

  // The sync worker's script is held: the page waits for its library with
  // the skeleton and the loading bar on screen for as long as the test looks.
  const held: Route[] = [];
  const hold = (route: Route) => {
    held.push(route);
  };
  await context.route("**/assets/sync.worker-*.js", hold);
  // The pointer rests where no control is: left over a control by an earlier
  // step (the navigation bar's theme switch), its hover fade counted too.
  await page.mouse.move(1, 899);
  await page.reload();
  await page.getByTestId("gallery-skeleton").waitFor({ timeout: pageCatchUpMs });
  await expect.poll(() => held.length, { timeout: pageCatchUpMs }).toBeGreaterThan(0);

  const running = await page.evaluate(() =>
    document.getAnimations().map((animation) => {
      const effect = animation.effect as KeyframeEffect | null;
      const target = effect?.target;
      const properties = new Set(
        (effect?.getKeyframes() ?? []).flatMap((keyframe) =>
          Object.keys(keyframe).filter(
            (key) => !["offset", "computedOffset", "easing", "composite"].includes(key),
          ),
        ),
      );
      return {
        target: target instanceof Element ? target.className : "",
        properties: [...properties],
      };
    }),
  );
  // The skeleton's heading and tiles, the loading bar, at most a spinner or two.
  expect(running.length).toBeGreaterThan(0);
  expect(running.length).toBeLessThanOrEqual(6);
  for (const { target, properties } of running) {
    for (const property of properties) {
      expect(["opacity", "transform"], `${target} animates ${property}`).toContain(property);
    }
  }

  // Letting go of the route lets the held script through.
  await context.unroute("**/assets/sync.worker-*.js", hold);
  await expectGalleryOf(page, account.email);
  await page.getByTestId("gallery-skeleton").waitFor({ state: "detached", timeout: pageCatchUpMs });
});

it("shows the synced library, from the local database first, keeps it current, and deletes it at logout", async () => {
  const page = await loggedInPage();
  await waitForUpToDate(page);

  const photosCount = library.filesByCollection.get(library.photos.id)?.length ?? 0;
  const expectedRows = [
    `${library.photos.name} ${String(photosCount)}`,
    `${library.generated.name} ${String(generatedCount)}`,
    "Hidden 3",
    "Trash 1",
  ].sort();
  expect((await albumRows(page)).sort()).toEqual(expectedRows);
  const total = photosCount + generatedCount;
  expect(await page.getByTestId("library-item-count").textContent()).toBe(`${String(total)} items`);

  // Reload while the server holds every library request: the counts come
  // from the local database.
  const held: Route[] = [];
  const hold = (route: Route) => {
    held.push(route);
  };
  await page.route("**/collections/**", hold);
  await page.route("**/trash/**", hold);
  await page.reload();
  await expectGalleryOf(page, account.email);
  await page
    .getByTestId("library-item-count")
    .and(page.getByText(`${String(total)} items`, { exact: true }))
    .waitFor({ timeout: pageCatchUpMs });
  expect((await albumRows(page)).sort()).toEqual(expectedRows);
  // The sync starts once the stored library is loaded, a moment after the
  // first screen shows. See: [Note: The gallery's first screen opens before the library]
  await expect.poll(() => held.length, { timeout: pageCatchUpMs }).toBeGreaterThan(0);
  await expect.poll(() => syncState(page), { timeout: pageCatchUpMs }).toBe("syncing");
  // Letting go of the routes lets the held requests through.
  await page.unroute("**/collections/**", hold);
  await page.unroute("**/trash/**", hold);
  await waitForUpToDate(page);

  // Another client adds a photo; focusing the window brings it.
  await uploadTestFile(client, library.photos, "arrived-while-away.jpg", new Uint8Array([7, 7, 7]));
  await page.evaluate(() => window.dispatchEvent(new Event("focus")));
  await page
    .getByTestId("library-item-count")
    .and(page.getByText(`${String(total + 1)} items`, { exact: true }))
    .waitFor({ timeout: pageCatchUpMs });
  await waitForUpToDate(page);

  const stored = await indexedDBText(page);
  expect(stored.names).toContain("cairn-files");
  const keys = [...library.filesByCollection.values()].flat().map((file) => file.keyB64);
  for (const secret of [...library.secrets, "arrived-while-away", "38.7139", ...keys]) {
    expect(holdsPlaintext(stored.text, secret), secret).toBe(false);
  }

  await logOut(page, cairn());
  const after = await indexedDBText(page);
  expect(after.names).not.toContain("cairn-files");
  await page.context().close();
});
