// One account's library against a real Cairn (SQLite, local blobs) for the
// actions' integration tests: the server, a crypto pool, the account's Node
// client (to arrange and check what the server holds) and fresh "browsers"
// that pull before they are handed over.

import type { NodeAccount } from "../../../../tests/test-support/node-account";
import { type NodeCairn, startNodeCairn } from "../../../../tests/test-support/node-cairn";
import { type NodeCryptoPool, createNodeCryptoPool } from "../../../crypto/node-pool";
import {
  type NodeLibraryClient,
  createNodeLibraryClient,
} from "../../../library/node-library-client";
import { type TestDevice, openTestDevice } from "./device";

export interface ActionsCairn {
  nodeCairn: NodeCairn;
  pool: NodeCryptoPool;
  account: NodeAccount;
  client: NodeLibraryClient;
  /** A new device of the account, pulled. */
  device(): Promise<TestDevice>;
  close(): Promise<void>;
}

export const startActionsCairn = async (accountName: string): Promise<ActionsCairn> => {
  const nodeCairn = await startNodeCairn();
  const pool = await createNodeCryptoPool({ size: 2 });
  const account = await nodeCairn.signUp(accountName);
  const client = await createNodeLibraryClient({
    apiOrigin: nodeCairn.apiOrigin,
    token: account.token,
    userID: account.userID,
    accountKeys: account.accountKeys,
    poolSize: 1,
  });
  const devices: TestDevice[] = [];
  return {
    nodeCairn,
    pool,
    account,
    client,
    async device() {
      const opened = await openTestDevice(nodeCairn.apiOrigin, pool, account);
      devices.push(opened);
      await opened.pull();
      return opened;
    },
    async close() {
      for (const opened of devices) opened.close();
      await client.close();
      await pool.terminate();
      await nodeCairn.close();
    },
  };
};
