import { jwtVerify, SignJWT } from "jose";
import { z } from "zod";
import type { ServerSecrets } from "../config/secrets";
import { microsecondsPerDay, microsecondsPerMinute } from "../time";

// Scoped JWTs (wire-contract §1.2): HS256 with the server's JWT secret,
// claims `{userID, expiryTime (µs), claimScope}`.

export type ClaimScope = "PAYMENT" | "FAMILIES" | "ACCOUNTS" | "DELETE_ACCOUNT";

/** ACCOUNTS tokens last 30 min, the others a day (wire-contract §1.2). */
export const jwtLifetimeUs: Record<ClaimScope, number> = {
  PAYMENT: microsecondsPerDay,
  FAMILIES: microsecondsPerDay,
  ACCOUNTS: 30 * microsecondsPerMinute,
  DELETE_ACCOUNT: microsecondsPerDay,
};

const claimsSchema = z.object({
  userID: z.number().int(),
  expiryTime: z.number().int(),
  /** A missing scope counts as PAYMENT (wire-contract §1.2). */
  claimScope: z.string().optional(),
});

/** An HS256 JWT of `claims` under the server's JWT secret (every JWT the server gives). */
export const signServerJWT = (
  secrets: ServerSecrets,
  claims: Record<string, string | number>,
): Promise<string> =>
  new SignJWT(claims).setProtectedHeader({ alg: "HS256", typ: "JWT" }).sign(secrets.jwtSecret);

/**
 * The claims of a JWT the server gave, read by `schema`, when it is valid
 * and its µs `expiryTime` is after `nowUs`; undefined otherwise.
 */
export const verifiedServerJWTClaims = async <T extends { expiryTime: number }>(
  secrets: ServerSecrets,
  jwt: string,
  schema: z.ZodType<T>,
  nowUs: number,
): Promise<T | undefined> => {
  try {
    const { payload } = await jwtVerify(jwt, secrets.jwtSecret, { algorithms: ["HS256"] });
    const claims = schema.safeParse(payload);
    return claims.success && claims.data.expiryTime > nowUs ? claims.data : undefined;
  } catch {
    return undefined;
  }
};

export const signScopedJWT = (
  secrets: ServerSecrets,
  userID: number,
  scope: ClaimScope,
  nowUs: number,
): Promise<string> =>
  signServerJWT(secrets, { userID, expiryTime: nowUs + jwtLifetimeUs[scope], claimScope: scope });

/** The user ID of a valid, unexpired JWT of `scope`; undefined otherwise. */
export const verifyScopedJWT = async (
  secrets: ServerSecrets,
  jwt: string,
  scope: ClaimScope,
  nowUs: number,
): Promise<number | undefined> => {
  const claims = await verifiedServerJWTClaims(secrets, jwt, claimsSchema, nowUs);
  if (claims === undefined || (claims.claimScope ?? "PAYMENT") !== scope) return undefined;
  return claims.userID;
};
