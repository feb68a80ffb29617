import { jwtVerify, SignJWT } from "jose";
import { z } from "zod";
import type { ServerSecrets } from "../config/secrets";
import { microsecondsPerDay, microsecondsPerMinute } from "./context";

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

export const signScopedJWT = (
  secrets: ServerSecrets,
  userID: number,
  scope: ClaimScope,
  nowUs: number,
): Promise<string> =>
  new SignJWT({ userID, expiryTime: nowUs + jwtLifetimeUs[scope], claimScope: scope })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .sign(secrets.jwtSecret);

/** The user ID of a valid, unexpired JWT of `scope`; undefined otherwise. */
export const verifyScopedJWT = async (
  secrets: ServerSecrets,
  jwt: string,
  scope: ClaimScope,
  nowUs: number,
): Promise<number | undefined> => {
  try {
    const { payload } = await jwtVerify(jwt, secrets.jwtSecret, { algorithms: ["HS256"] });
    const claims = claimsSchema.safeParse(payload);
    if (!claims.success) return undefined;
    if ((claims.data.claimScope ?? "PAYMENT") !== scope) return undefined;
    if (claims.data.expiryTime <= nowUs) return undefined;
    return claims.data.userID;
  } catch {
    return undefined;
  }
};
