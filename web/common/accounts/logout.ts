// Logout: the steps of spec §4 bound to this app's stores.
// See: [Note: Logout runs every step, in order, whatever fails]

import type { ApiClient } from "../../../shared/api/client";
import { logout as logoutEndpoint } from "../../../shared/api/endpoints/users";
import { CairnError, TokenExpiredError } from "../../../shared/model/errors";
import type { AccountWorker } from "../../../workers/account/account-worker";
import { sessionKeysDatabaseName } from "../../../shared/model/accounts/session-keys-database";
import type { Logger } from "../log/log";
import { runLogoutSteps, type LogoutPlatform, type LogoutStepName } from "./logout-steps";

export interface LogoutDependencies {
  api: ApiClient;
  worker: AccountWorker;
  sessionStorage: () => Storage | undefined;
  localStorage: () => Storage | undefined;
  /** The origin's IndexedDB; absent where there is none. */
  indexedDB?: IDBFactory | undefined;
  /** The origin's Cache Storage; absent where there is none (insecure origins, Node). */
  caches?: CacheStorage | undefined;
  log: Pick<Logger, "warn" | "error">;
  /** Defaults to "web"; the desktop app adds its own steps. */
  platform?: LogoutPlatform;
  /** Clean-up of the parts later issues add (downloads, CLIP, desktop ML, ...), by step. */
  logoutHooks?: Partial<Record<LogoutStepName, () => Promise<void> | void>>;
}

/** What the service itself forgets, at the step where it belongs. */
export interface ServiceLogoutSteps {
  /** In-memory state of the service (pending SRP attributes, TOTP secret). */
  clearMemory: () => void;
  /** Credentials held for calls (the ACCOUNTS JWT). */
  clearHttpAuth: () => void;
  /** The feature-flag pull scheduled at start. */
  cancelFeatureFlags: () => void;
}

const deleteDatabase = (indexedDB: IDBFactory, name: string) =>
  new Promise<void>((resolve, reject) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => {
      resolve();
    };
    // Another tab still has it open: the browser deletes it once that tab
    // lets go, and no new data can be written meanwhile.
    request.onblocked = () => {
      resolve();
    };
    request.onerror = () => {
      reject(request.error ?? new Error(`Could not delete IndexedDB "${name}"`));
    };
  });

/** Every IndexedDB database of the origin, the session-key store included. */
const deleteOfflineStores = async (indexedDB: IDBFactory) => {
  const names = new Set([sessionKeysDatabaseName]);
  for (const { name } of await indexedDB.databases()) if (name !== undefined) names.add(name);
  for (const name of names) await deleteDatabase(indexedDB, name);
};

const clearCacheStorage = async (caches: CacheStorage) => {
  for (const name of await caches.keys()) await caches.delete(name);
};

export const createLogout =
  (deps: LogoutDependencies, service: ServiceLogoutSteps) => async (): Promise<void> => {
    const { api, worker, indexedDB, caches } = deps;
    await runLogoutSteps(
      deps.platform ?? "web",
      {
        ...deps.logoutHooks,
        "remote logout": async () => {
          try {
            await api.call(logoutEndpoint);
          } catch (e) {
            // Spec §7: a missing token or a 401 means there is no session to end.
            if (e instanceof CairnError && e.key === "tokenMissing") return;
            if (e instanceof TokenExpiredError && e.status === 401) return;
            throw e;
          }
        },
        "in-memory state": async () => {
          service.clearMemory();
          await worker.lock();
        },
        "session storage": () => deps.sessionStorage()?.clear(),
        "local storage": () => deps.localStorage()?.clear(),
        "offline stores": () => (indexedDB ? deleteOfflineStores(indexedDB) : undefined),
        caches: () => (caches ? clearCacheStorage(caches) : undefined),
        "http auth": () => {
          service.clearHttpAuth();
        },
        "feature flags": () => {
          service.cancelFeatureFlags();
        },
      },
      (message, error) => {
        deps.log.error(message, error);
      },
    );
  };
