// The browser entry of the crypto worker. vite-plugin-comlink exposes every
// export of this module; `browser-pool.ts` creates the workers, and the page
// starts the sync worker's (`serveOnPort`).
// See: [Note: One crypto worker module, three hosts]
// See: [Note: The page starts the sync worker's crypto workers]

import { expose } from "comlink";
import { loadSodium } from "../../shared/crypto/sodium";
import * as cryptoAPI from "./crypto-api";

export * from "./crypto-api";

/**
 * Answers the crypto API on `port` (transferred) as well: the page starts
 * the worker and hands the port's other end to the worker that calls it, so
 * the calls go from that worker to this one directly.
 */
export const serveOnPort = (port: MessagePort): void => {
  expose(cryptoAPI, port);
  // libsodium loads now, before the first call needs it.
  loadSodium().catch(() => undefined);
};
