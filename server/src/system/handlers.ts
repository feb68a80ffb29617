import type { systemEndpoints } from "../../../shared/api/endpoints/system";
import type { HandlerMap } from "../http/register-endpoints";

export interface SystemHandlerDependencies {
  /** See version.ts. */
  versionID: string;
}

export const createSystemHandlers = ({
  versionID,
}: SystemHandlerDependencies): HandlerMap<typeof systemEndpoints> => ({
  ping: () => ({ message: "pong", id: versionID }),
});
