// The auth page's calls into its worker, as the page makes them: a plain
// object over the worker's Comlink proxy (a proxy is callable, and view
// state such as a jotai atom would take it for an updater function).
// See: [Note: A worker's API is declared once]

import type { AuthenticatorCalls } from "../../../workers/authenticator/authenticator-contract";
import type { WorkerCalls } from "../../../workers/worker-boundary";

export type AuthenticatorClient = WorkerCalls<AuthenticatorCalls>;

export const authenticatorClientOver = (api: AuthenticatorClient): AuthenticatorClient => ({
  codeValues: (ids, atMs) => api.codeValues(ids, atMs),
  nextHotpCode: (id) => api.nextHotpCode(id),
  markUsed: (id) => api.markUsed(id),
  addFromURI: (text) => api.addFromURI(text),
  addFromQRImage: (bytes) => api.addFromQRImage(bytes),
  addFromCameraFrame: (frame) => api.addFromCameraFrame(frame),
  addManual: (input) => api.addManual(input),
  edit: (id, changes) => api.edit(id, changes),
  setPinned: (id, pinned) => api.setPinned(id, pinned),
  reorder: (ids) => api.reorder(ids),
  trash: (ids) => api.trash(ids),
  restore: (ids) => api.restore(ids),
  deleteForever: (ids) => api.deleteForever(ids),
  importFile: (file, password) => api.importFile(file, password),
  exportPlain: () => api.exportPlain(),
  exportEncrypted: (password) => api.exportEncrypted(password),
  sync: () => api.sync(),
  setOnline: (online) => api.setOnline(online),
  dismissRefusedChanges: () => api.dismissRefusedChanges(),
});
