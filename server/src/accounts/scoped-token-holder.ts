import type { Kysely } from "kysely";
import type { ServerSecrets } from "../config/secrets";
import type { Database } from "../db/schema";
import { verifyScopedJWT, type ClaimScope } from "./jwt";
import { findUserByID } from "./user-repository";

/**
 * [Note: A scoped token dies with its account]
 *
 * A scoped JWT (wire-contract §1.2) is checked by its signature and expiry
 * alone, and lives up to a day: deleting the account cannot revoke it. So
 * whoever presents one is only taken for its account while that account
 * exists; otherwise the token is invalid and the HTTP layer answers 401
 * (`invalid token`), as for any token that names nobody. Account IDs are
 * never reused (see [Note: Account IDs come from a counter]), so the token
 * can never come to name a later account either.
 */
export const scopedTokenHolderOf = async (
  context: { db: Kysely<Database>; secrets: ServerSecrets; nowUs: () => number },
  jwt: string,
  scope: ClaimScope,
): Promise<{ userID: number } | undefined> => {
  const userID = await verifyScopedJWT(context.secrets, jwt, scope, context.nowUs());
  if (userID === undefined || (await findUserByID(context.db, userID)) === undefined) {
    return undefined;
  }
  return { userID };
};
