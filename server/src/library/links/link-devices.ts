import { z } from "zod";
import { toB64 } from "../../../../shared/crypto/base64";
import { loadSodium } from "../../../../shared/crypto/sodium";
import { apiError } from "../../http/api-errors";
import { microsecondsPerDay } from "../../time";
import { signServerJWT, verifiedServerJWTClaims } from "../../accounts/jwt";
import type { ServerSecrets } from "../../config/secrets";
import type { LibraryContext } from "../context";
import { addLinkDevice, isKnownLinkDevice, linkDeviceCount, lockLink } from "./link-repository";
import type { LinkRow } from "./public-url-json";
import { freePlanLinkDeviceLimit } from "./share-links";

// A public link's device limit (wire-contract §9 "Device limit"; spec §5
// device limit choices).

/** The calls that count a visitor's device. */
export const deviceCountingPaths: ReadonlySet<string> = new Set([
  "/public-collection/info",
  "/public-collection/diff",
]);

/**
 * The devices a link admits: 0 is no limit; 50, the largest choice, is
 * taken as 500, as the reference does (a link for "everyone"); a free
 * plan's links admit 5 whatever they say.
 * See: [Note: Free plans get links of five devices]
 */
export const admittedDevices = (deviceLimit: number, ownerOnFreePlan: boolean): number => {
  if (ownerOnFreePlan) {
    return deviceLimit === 0
      ? freePlanLinkDeviceLimit
      : Math.min(deviceLimit, freePlanLinkDeviceLimit);
  }
  return deviceLimit === 50 ? 500 : deviceLimit;
};

/** A device token lasts a year: a visitor's browser keeps its place among the link's devices. */
export const linkDeviceJWTLifetimeUs = 365 * microsecondsPerDay;

const deviceJWTClaims = z.object({
  linkID: z.number().int(),
  deviceID: z.string(),
  expiryTime: z.number().int(),
});

export const signLinkDeviceJWT = (
  secrets: ServerSecrets,
  linkID: number,
  deviceID: string,
  nowUs: number,
): Promise<string> =>
  signServerJWT(secrets, { linkID, deviceID, expiryTime: nowUs + linkDeviceJWTLifetimeUs });

const deviceOfJWT = async (
  secrets: ServerSecrets,
  linkID: number,
  jwt: string,
  nowUs: number,
): Promise<string | undefined> => {
  const claims = await verifiedServerJWTClaims(secrets, jwt, deviceJWTClaims, nowUs);
  return claims?.linkID === linkID ? claims.deviceID : undefined;
};

export interface VisitingDevice {
  /** `X-Auth-Link-Device-Token`, when the visitor sent one. */
  deviceToken?: string | undefined;
  ip: string;
  userAgent: string;
}

/**
 * [Note: A link's devices are counted by a keyed hash]
 *
 * A device is the one its device token names (given by `/info`), else the
 * pair of its IP address and browser (as the reference counts them). The
 * pair is kept only as BLAKE2b-256 keyed with the server's `keyHash`: the
 * table can count devices but tells no one where a visitor came from.
 */
export const deviceIDOf = async (
  secrets: ServerSecrets,
  linkID: number,
  { deviceToken, ip, userAgent }: VisitingDevice,
  nowUs: number,
): Promise<string> => {
  const named =
    deviceToken === undefined ? undefined : await deviceOfJWT(secrets, linkID, deviceToken, nowUs);
  if (named !== undefined) return named;
  const sodium = await loadSodium();
  return toB64(
    sodium.crypto_generichash(32, new TextEncoder().encode(`${ip}\n${userAgent}`), secrets.keyHash),
  );
};

/**
 * Admits the device to the link: a device seen before always; a new one
 * while the link has room (403 `LINK_DEVICE_LIMIT_EXCEEDED` when full).
 */
export const admitDevice = async (
  context: Pick<LibraryContext, "db" | "nowUs" | "dialect">,
  link: Pick<LinkRow, "link_id">,
  deviceID: string,
  admitted: number,
): Promise<void> => {
  if (admitted === 0) return;
  // [Note: A link's new devices are admitted one at a time]
  //
  // Counting the link's devices and adding one is a read then a write: two
  // new devices opening a full link at the same instant would both see room
  // for one. The link's row is locked first (PostgreSQL `FOR UPDATE`; SQLite
  // runs one write transaction at a time), so the second one counts the
  // first.
  await context.db.transaction().execute(async (trx) => {
    await lockLink(trx, context.dialect, link.link_id);
    if (await isKnownLinkDevice(trx, link.link_id, deviceID)) return;
    if ((await linkDeviceCount(trx, link.link_id)) >= admitted) {
      throw apiError(403, "LINK_DEVICE_LIMIT_EXCEEDED", "The link has reached its device limit");
    }
    await addLinkDevice(trx, link.link_id, deviceID, context.nowUs());
  });
};
