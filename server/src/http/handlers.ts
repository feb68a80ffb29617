import type { accountEndpoints } from "../../../shared/api/endpoints/accounts";
import type { familyEndpoints } from "../../../shared/api/endpoints/families";
import type { libraryEndpoints } from "../../../shared/api/endpoints/library";
import type { Endpoints } from "../../../shared/api/registry";
import { createSystemHandlers, type SystemHandlerDependencies } from "../system/handlers";
import type { HandlerMap } from "./register-endpoints";

// The handler of every endpoint of the registry. The type demands one per
// endpoint, so a declared but unserved endpoint fails to compile; each area
// contributes its own map.

export type HandlerDependencies = SystemHandlerDependencies & {
  /** From `createAccounts` (server/src/accounts). */
  accountHandlers: HandlerMap<typeof accountEndpoints>;
  /** From `createLibrary` (server/src/library). */
  libraryHandlers: HandlerMap<typeof libraryEndpoints>;
  /** From `createFamilies` (server/src/families). */
  familyHandlers: HandlerMap<typeof familyEndpoints>;
};

export const createHandlers = ({
  accountHandlers,
  libraryHandlers,
  familyHandlers,
  ...dependencies
}: HandlerDependencies): HandlerMap<Endpoints> => ({
  ...createSystemHandlers(dependencies),
  ...accountHandlers,
  ...libraryHandlers,
  ...familyHandlers,
});
