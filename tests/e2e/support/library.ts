// An account made over HTTP with a Node library client of its own: how the
// browser tests of the library give a user files before the browser logs in.

import path from "node:path";
import {
  type NodeLibraryClient,
  createNodeLibraryClient,
} from "../../../workers/library/node-library-client";
import { type NodeAccount, signUpNodeAccount } from "../../support/node-account";
import { testEmail } from "./accounts";
import type { TestCairn } from "./suite";

export interface AccountWithLibrary {
  account: NodeAccount;
  client: NodeLibraryClient;
}

/** Signs up `label`'s account on `cairn` and opens a library client for it (one crypto thread). */
export const signUpWithLibraryClient = async (
  cairn: TestCairn,
  label: string,
  password: string,
): Promise<AccountWithLibrary> => {
  const account = await signUpNodeAccount({
    apiOrigin: cairn.urls.api,
    mailDir: path.join(cairn.dataDir, "mail"),
    email: testEmail(label),
    password,
  });
  const client = await createNodeLibraryClient({
    apiOrigin: cairn.urls.api,
    token: account.token,
    userID: account.userID,
    accountKeys: account.accountKeys,
    poolSize: 1,
  });
  return { account, client };
};
