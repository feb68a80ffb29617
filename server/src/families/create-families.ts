import type { familyEndpoints } from "../../../shared/api/endpoints/families";
import type { HandlerMap } from "../http/register-endpoints";
import { createAdminHandlers } from "./admin-handlers";
import type { FamiliesContext } from "./context";
import { createMemberHandlers } from "./member-handlers";

/** The family endpoints' handlers (wire-contract §11), over one context. */
export const createFamilies = (
  context: FamiliesContext,
): { handlers: HandlerMap<typeof familyEndpoints> } => ({
  handlers: { ...createAdminHandlers(context), ...createMemberHandlers(context) },
});
