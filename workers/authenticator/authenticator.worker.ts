// The browser entry of the auth app's worker: one dedicated worker per
// logged-in tab of the auth app, created by
// `web/auth/codes/browser-authenticator-worker.ts`. It holds the
// authenticator key and the codes, with their encrypted local copy
// (`cairn-auth`); vite-plugin-comlink exposes every export of this module.
// See: [Note: Library workers get keys through a keyring, never the master key]

// Before any schema: see [Note: Zod parses without eval].
import "../../shared/api/zod-jitless";
import { createApiClient } from "../../shared/api/client";
import { generateKeyB64 } from "../../shared/crypto/keys";
import { loadSodium } from "../../shared/crypto/sodium";
import { listenForKeyringLock } from "../account/keyring-port";
import { keyringOverPort } from "../sync/remote-keyring";
import { createLocalCipher } from "../sync/local-cipher";
import type { WithRemoteCallbacks } from "../worker-boundary";
import type {
  AuthenticatorCalls,
  AuthenticatorListener,
  AuthenticatorSession,
} from "./authenticator-contract";
import { type AuthenticatorService, createAuthenticatorService } from "./authenticator-service";
import { authenticatorEntityCipher } from "./entity-cipher";
import { inThreadSealing } from "./in-thread-sealing";
import { browserImagePixels } from "./qr/browser-image-pixels";
import { authenticatorRemoteOver } from "./remote-authenticator";
import { createAuthenticatorSync } from "./sync/authenticator-sync";
import { indexedDBAuthenticatorLocalCopy } from "./sync/local-copy-db";
import { createServerClock, fetchReadingServerClock } from "./sync/server-clock";

let service: AuthenticatorService | undefined;
let online = true;

const opened = (): AuthenticatorService => {
  if (service === undefined) throw new Error("The authenticator is not open");
  return service;
};

/**
 * Opens the account's codes: the keyring comes over `keyringPort` (from the
 * account worker), `listener` is told every change, and "stopped" once the
 * account locks (logout), after which this worker is ended.
 */
export const open: WithRemoteCallbacks<
  (
    session: AuthenticatorSession,
    keyringPort: MessagePort,
    listener: AuthenticatorListener,
  ) => Promise<void>
> = async (session, keyringPort, listener) => {
  if (service !== undefined) return;
  online = session.online;
  const keyring = keyringOverPort(keyringPort);
  const nowMs = () => Date.now();
  // See: [Note: The server's clock is read from its answers]
  const serverClock = createServerClock();
  const api = createApiClient({
    apiOrigin: session.apiOrigin,
    clientPackage: session.clientPackage,
    fetch: fetchReadingServerClock((input, init) => fetch(input, init), serverClock, nowMs),
    getAuthToken: () => session.token,
  });
  const sealer = createLocalCipher(inThreadSealing, await keyring.localDatabaseKey());
  const sync = createAuthenticatorSync({
    remote: authenticatorRemoteOver(api, { clock: serverClock, nowMs }),
    cipher: authenticatorEntityCipher({ api, keyring, generateKeyB64 }),
    localCopy: indexedDBAuthenticatorLocalCopy({ indexedDB, IDBKeyRange, sealer }),
    nowMs,
    serverTimeOffsetMs: () => serverClock.offsetMs(),
    isOnline: () => online,
  });
  const started = createAuthenticatorService({
    sync,
    nowMs,
    isOnline: () => online,
    decodeToPixels: browserImagePixels,
    sodium: loadSodium,
    onState: (state) => {
      listener(state).catch(() => undefined);
    },
    logError: (message, cause) => {
      console.error(message, cause);
    },
  });
  service = started;
  // See: [Note: Locking the account stops the library's workers first]
  listenForKeyringLock(keyringPort, async () => {
    service = undefined;
    await started.close();
    await listener("stopped").catch(() => undefined);
  });
  await started.open();
};

export const setOnline = (next: boolean): void => {
  online = next;
  service?.setOnline(next);
};

export const dismissRefusedChanges = (): void => {
  service?.dismissRefusedChanges();
};

type Calls = Omit<AuthenticatorCalls, "setOnline" | "dismissRefusedChanges">;

export const codeValues: Calls["codeValues"] = (ids, atMs) => opened().codeValues(ids, atMs);
export const nextHotpCode: Calls["nextHotpCode"] = (id) => opened().nextHotpCode(id);
export const markUsed: Calls["markUsed"] = (id) => opened().markUsed(id);
export const addFromURI: Calls["addFromURI"] = (text) => opened().addFromURI(text);
export const addFromQRImage: Calls["addFromQRImage"] = (bytes) => opened().addFromQRImage(bytes);
export const addFromCameraFrame: Calls["addFromCameraFrame"] = (frame) =>
  opened().addFromCameraFrame(frame);
export const addManual: Calls["addManual"] = (input) => opened().addManual(input);
export const edit: Calls["edit"] = (id, changes) => opened().edit(id, changes);
export const setPinned: Calls["setPinned"] = (id, pinned) => opened().setPinned(id, pinned);
export const reorder: Calls["reorder"] = (ids) => opened().reorder(ids);
export const trash: Calls["trash"] = (ids) => opened().trash(ids);
export const restore: Calls["restore"] = (ids) => opened().restore(ids);
export const deleteForever: Calls["deleteForever"] = (ids) => opened().deleteForever(ids);
export const importFile: Calls["importFile"] = (file, password) =>
  opened().importFile(file, password);
export const exportPlain: Calls["exportPlain"] = () => opened().exportPlain();
export const exportEncrypted: Calls["exportEncrypted"] = (password) =>
  opened().exportEncrypted(password);
export const sync: Calls["sync"] = () => opened().sync();
