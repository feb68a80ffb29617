// Helpers for the account service's tests: an in-memory Web Storage and a
// whole "browser" (its storages, IndexedDB and account worker) in Node.

import {
  createTestBrowser,
  type TestBrowser,
} from "../../../../workers/account/test-support/account-browser";
import { createLocalStore } from "../../storage/typed-storage";
import type { AccountService } from "../account-service";
import { createAccountService } from "../create-account-service";

/** `Storage` over a Map, as localStorage and sessionStorage behave. */
export class MemoryStorage implements Storage {
  readonly #items = new Map<string, string>();
  get length(): number {
    return this.#items.size;
  }
  clear(): void {
    this.#items.clear();
  }
  getItem(key: string): string | null {
    return this.#items.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.#items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.#items.delete(key);
  }
  setItem(key: string, value: string): void {
    this.#items.set(key, value);
  }
}

export interface TestAccountBrowser {
  browser: TestBrowser;
  localStorage: MemoryStorage;
  errors: string[];
  /** A tab: a new session storage and worker; `reloadOf` keeps that tab's session storage. */
  openTab(options?: { reloadOf?: TestAccountTab }): TestAccountTab;
}

export interface TestAccountTab {
  service: AccountService;
  sessionStorage: MemoryStorage;
}

export const createTestAccountBrowser = (
  apiOrigin: string,
  options: { cheapKEK?: boolean } = {},
): TestAccountBrowser => {
  const browser = createTestBrowser();
  const localStorage = new MemoryStorage();
  const errors: string[] = [];
  const localStore = createLocalStore(
    () => localStorage,
    (problem) => errors.push(`storage: ${problem.kind}`),
  );
  return {
    browser,
    localStorage,
    errors,
    openTab: ({ reloadOf } = {}) => {
      const sessionStorage = reloadOf?.sessionStorage ?? new MemoryStorage();
      const service = createAccountService({
        apiOrigin,
        clientPackage: "io.cairn.photos.web",
        fetch: (url, init) => fetch(url, init),
        worker: browser.newWorker({ cheapKEK: options.cheapKEK ?? false }),
        localStore,
        sessionStorage: () => sessionStorage,
        localStorage: () => localStorage,
        indexedDB: browser.indexedDB,
        log: {
          warn: (...args: unknown[]) => errors.push(args.map(String).join(" ")),
          error: (...args: unknown[]) => errors.push(args.map(String).join(" ")),
        },
        timers: {
          setTimeout: (callback, delayMs) => {
            const timer = setTimeout(callback, delayMs);
            return () => {
              clearTimeout(timer);
            };
          },
        },
      });
      return { service, sessionStorage };
    },
  };
};
