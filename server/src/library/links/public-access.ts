import { timingSafeEqual } from "node:crypto";
import { z } from "zod";
import type { PublicLinkCredentials } from "../../../../shared/api/client";
import { microsecondsPerDay } from "../../time";
import { signServerJWT, verifiedServerJWTClaims } from "../../accounts/jwt";
import type { ServerSecrets } from "../../config/secrets";
import type { AuthContext, PublicLinkSession } from "../../http/auth";
import { StatusError } from "../../http/http-errors";
import { subscriptionProductAndExpiryOf } from "../../accounts/subscription-repository";
import { collectionOwnerID } from "../collections/collection-repository";
import type { LibraryContext } from "../context";
import { admitDevice, admittedDevices, deviceCountingPaths, deviceIDOf } from "./link-devices";
import { linkOriginAllowed } from "./link-origin";
import { linkOfAccessToken } from "./link-repository";
import type { LinkRow } from "./public-url-json";
import { isFreePlanProduct } from "./share-links";

// Who holds a public link (wire-contract §9, "Middleware checks"): the
// resolver of the `publicLink` auth kind, and the JWT that proves a link's
// password.

/** The calls a visitor makes before proving a link's password. */
const passwordFreePaths: ReadonlySet<string> = new Set([
  "/public-collection/info",
  "/public-collection/verify-password",
]);

/**
 * A proven password lasts 30 days on a device: long enough that a visitor
 * returning to an album is not asked again and again, and it ends sooner
 * when the owner changes or removes the password (the JWT names the hash it
 * was given for).
 */
export const linkPasswordJWTLifetimeUs = 30 * microsecondsPerDay;

const linkJWTClaims = z.object({
  linkID: z.number().int(),
  /** The link's stored password hash when the JWT was given (see above). */
  passwordHash: z.string(),
  expiryTime: z.number().int(),
});

export const signLinkPasswordJWT = (
  secrets: ServerSecrets,
  link: Pick<LinkRow, "link_id" | "pw_hash">,
  nowUs: number,
): Promise<string> =>
  signServerJWT(secrets, {
    linkID: link.link_id,
    passwordHash: link.pw_hash ?? "",
    expiryTime: nowUs + linkPasswordJWTLifetimeUs,
  });

/** Whether `jwt` proves the link's current password. */
const provesPassword = async (
  secrets: ServerSecrets,
  link: LinkRow,
  jwt: string | undefined,
  nowUs: number,
): Promise<boolean> => {
  if (jwt === undefined || link.pw_hash === null) return false;
  const claims = await verifiedServerJWTClaims(secrets, jwt, linkJWTClaims, nowUs);
  return (
    claims !== undefined &&
    claims.linkID === link.link_id &&
    sameText(claims.passwordHash, link.pw_hash)
  );
};

/** Constant-time equality of two short texts (hashes). */
export const sameText = (a: string, b: string): boolean => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * [Note: A public link is checked in the reference's order]
 *
 * An unknown token is 401 (`invalid token`, from the auth layer). A known
 * one is then refused with 410 when the link was disabled, when its
 * owner's subscription has expired, or when the link has; and, for every
 * call but `/info` and `/verify-password`, with 401 when the link has a
 * password and no valid JWT of it comes along. Last, `/info` and `/diff`
 * count the visitor's device against the link's limit (403
 * `LINK_DEVICE_LIMIT_EXCEEDED`). See: [Note: A link's devices are counted by a keyed hash]
 */
export const resolvePublicLink = async (
  context: LibraryContext,
  credentials: PublicLinkCredentials,
  { endpoint, request }: AuthContext,
): Promise<PublicLinkSession | undefined> => {
  const link = await linkOfAccessToken(context.db, credentials.accessToken);
  if (link === undefined) return undefined;
  if (link.is_disabled === 1) throw new StatusError(410, { error: "disabled token" });
  const nowUs = context.nowUs();
  const ownerID = await collectionOwnerID(context.db, link.collection_id);
  const subscription =
    ownerID === undefined ? undefined : await subscriptionProductAndExpiryOf(context.db, ownerID);
  const origin = request.headers.origin;
  if (
    subscription === undefined ||
    subscription.expiry_time_us < nowUs ||
    // See: [Note: A link's API answers only its album pages]
    !linkOriginAllowed(typeof origin === "string" ? origin : undefined, context.photosURL())
  ) {
    throw new StatusError(410, { error: "no active subscription" });
  }
  if (link.valid_till_us > 0 && link.valid_till_us < nowUs) {
    throw new StatusError(410, { error: "expired token" });
  }
  if (
    link.pw_hash !== null &&
    !passwordFreePaths.has(endpoint.path) &&
    !(await provesPassword(context.secrets, link, credentials.accessTokenJWT, nowUs))
  ) {
    throw new StatusError(401, { error: "invalid password token" });
  }
  if (!deviceCountingPaths.has(endpoint.path)) {
    return { collectionID: link.collection_id, accessToken: link.access_token };
  }
  const userAgent = request.headers["user-agent"];
  const deviceID = await deviceIDOf(
    context.secrets,
    link.link_id,
    {
      deviceToken: credentials.linkDeviceToken,
      ip: request.ip,
      userAgent: typeof userAgent === "string" ? userAgent : "",
    },
    nowUs,
  );
  await admitDevice(
    context,
    link,
    deviceID,
    admittedDevices(link.device_limit, isFreePlanProduct(subscription.product_id)),
  );
  return { collectionID: link.collection_id, accessToken: link.access_token, deviceID };
};
