import type { AuthResolvers } from "../http/auth";
import { scopedTokenHolderOf } from "../accounts/scoped-token-holder";
import type { FamiliesContext } from "./context";

/**
 * The resolver of the `familiesToken` auth kind: the account holding a
 * FAMILIES-scoped JWT (wire-contract §1.2, from `GET /users/families-token`),
 * while that account still exists. The HTTP layer answers 401 otherwise.
 * See: [Note: Auth is resolved by injected resolvers] and
 * [Note: A scoped token dies with its account]
 */
export const familiesTokenResolver =
  (context: Pick<FamiliesContext, "db" | "secrets" | "nowUs">): AuthResolvers["familiesToken"] =>
  (jwt) =>
    scopedTokenHolderOf(context, jwt, "FAMILIES");
