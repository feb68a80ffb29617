import type { FastifyRequest } from "fastify";
import { headerNames } from "../../../shared/api/headers";
import { verifyScopedJWT } from "../accounts/jwt";
import { findUserByID } from "../accounts/users";
import { StatusError } from "../http/http-errors";
import type { FamiliesContext } from "./context";

/**
 * The account holding the FAMILIES JWT of `X-Auth-Token`, or a 401 as the
 * HTTP layer answers for its own auth kinds.
 * See: [Note: The families token is checked by the families handlers]
 */
export const familiesCallerOf = async (
  context: Pick<FamiliesContext, "db" | "secrets" | "nowUs">,
  request: FastifyRequest,
): Promise<number> => {
  const header = request.headers[headerNames.authToken.toLowerCase()];
  const jwt = Array.isArray(header) ? header[0] : header;
  if (jwt === undefined || jwt === "") throw new StatusError(401, { error: "missing token" });
  const userID = await verifyScopedJWT(context.secrets, jwt, "FAMILIES", context.nowUs());
  if (userID === undefined || (await findUserByID(context.db, userID)) === undefined) {
    throw new StatusError(401, { error: "invalid token" });
  }
  return userID;
};
