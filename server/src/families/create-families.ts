import type { familyEndpoints } from "../../../shared/api/endpoints/families";
import type { AuthResolvers } from "../http/auth";
import type { HandlerMap } from "../http/register-endpoints";
import { createAdminHandlers } from "./admin-handlers";
import type { FamiliesContext } from "./context";
import { familiesTokenResolver } from "./families-token";
import { createMemberHandlers } from "./member-handlers";

/** The family endpoints' handlers (wire-contract §11) and the FAMILIES JWT resolver, over one context. */
export const createFamilies = (
  context: FamiliesContext,
): {
  handlers: HandlerMap<typeof familyEndpoints>;
  resolvers: Pick<AuthResolvers, "familiesToken">;
} => ({
  handlers: { ...createAdminHandlers(context), ...createMemberHandlers(context) },
  resolvers: { familiesToken: familiesTokenResolver(context) },
});
