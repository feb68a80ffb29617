import type { AuthResolvers } from "../http/auth";
import { verifyScopedJWT } from "../accounts/jwt";
import { findUserByID } from "../accounts/user-repository";
import type { FamiliesContext } from "./context";

/**
 * The resolver of the `familiesToken` auth kind: the account holding a
 * FAMILIES-scoped JWT (wire-contract §1.2, from `GET /users/families-token`),
 * while that account still exists. The HTTP layer answers 401 otherwise.
 * See: [Note: Auth is resolved by injected resolvers]
 */
export const familiesTokenResolver =
  (context: Pick<FamiliesContext, "db" | "secrets" | "nowUs">): AuthResolvers["familiesToken"] =>
  async (jwt) => {
    const userID = await verifyScopedJWT(context.secrets, jwt, "FAMILIES", context.nowUs());
    if (userID === undefined || (await findUserByID(context.db, userID)) === undefined) {
      return undefined;
    }
    return { userID };
  };
