// The Node entry of the crypto worker: runs in a worker thread spawned by
// `node-pool.ts` and exposes the same module as the browser worker through
// Comlink's Node adapter. See: [Note: One crypto worker module, three hosts]

import { expose } from "comlink";
import nodeEndpoint from "comlink/dist/esm/node-adapter.mjs";
import { parentPort } from "node:worker_threads";
import * as cryptoAPI from "./crypto-api";

if (parentPort === null) throw new Error("crypto.node-worker.ts must run in a worker thread");
expose(cryptoAPI, nodeEndpoint(parentPort));
