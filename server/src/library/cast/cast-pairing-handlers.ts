import type { FastifyRequest } from "fastify";
import type { CastDeviceJSON, castEndpoints } from "../../../../shared/api/endpoints/cast";
import { newUUID } from "../../accounts/server-crypto";
import { isUniqueViolation } from "../../db/unique-violation";
import { apiError, notFound } from "../../http/api-errors";
import type { HandlerMap } from "../../http/register-endpoints";
import { participantCollection } from "../collections/collection-write";
import type { LibraryContext } from "../context";
import { castTokenHashOf } from "./cast-access";
import {
  castDeviceNameOf,
  castSessionIdleLifetimeUs,
  castSessionState,
  isPairingCodeShaped,
  maxCastSessionsPerCaster,
  newPairingCode,
} from "./cast-rules";
import {
  castSessionOfCode,
  castSessionsOfCaster,
  deleteCastSessionOfCaster,
  deleteCastSessionsOfCaster,
  insertCastSession,
  pairCastSession,
  type CastSessionRow,
} from "./cast-session-repository";

// Pairing a TV with an album, and the caster's list of paired TVs: the
// `/cast/device-info` and `/cast/cast-data` calls and the revocations.
// See: [Note: A cast pairing lives an hour, a cast session a week of disuse]

type PairingHandlers = Pick<
  HandlerMap<typeof castEndpoints>,
  | "registerCastDevice"
  | "getCastDeviceKey"
  | "publishCastPayload"
  | "getCastPayload"
  | "listCastDevices"
  | "revokeCastDevice"
  | "revokeAllCastTokens"
>;

/**
 * Codes drawn before registration gives up: a collision needs one of two
 * billion codes to be taken, so a second draw already almost never happens.
 */
const pairingCodeDraws = 5;

const noWaitingDevice = () => notFound("No device waits to be paired with this code");

/** The row a code names, when it has a code's shape. */
const sessionOfCode = (context: LibraryContext, code: string) =>
  isPairingCodeShaped(code) ? castSessionOfCode(context.db, code) : Promise.resolve(undefined);

const userAgentOf = (request: FastifyRequest): string | undefined => {
  const userAgent = request.headers["user-agent"];
  return typeof userAgent === "string" ? userAgent : undefined;
};

const castDeviceJSON = (row: CastSessionRow): CastDeviceJSON => ({
  deviceID: row.device_id,
  collectionID: row.collection_id ?? 0,
  deviceIP: row.device_ip,
  lastUsedAt: row.last_used_at_us,
  deviceName: row.device_name,
});

export const createCastPairingHandlers = (context: LibraryContext): PairingHandlers => ({
  registerCastDevice: async ({ body, request }) => {
    const nowUs = context.nowUs();
    for (let draw = 1; ; draw++) {
      const pairingCode = newPairingCode();
      try {
        await insertCastSession(context.db, {
          device_id: newUUID(),
          pairing_code: pairingCode,
          public_key: body.publicKey,
          device_ip: request.ip,
          device_name: castDeviceNameOf(userAgentOf(request), request.ip),
          collection_id: null,
          caster_id: null,
          token_hash: null,
          encrypted_payload: null,
          created_at_us: nowUs,
          last_used_at_us: nowUs,
        });
        return { deviceCode: pairingCode };
      } catch (error) {
        if (!isUniqueViolation(error) || draw === pairingCodeDraws) throw error;
      }
    }
  },

  getCastDeviceKey: async ({ params }) => {
    const row = await sessionOfCode(context, params.code);
    if (row === undefined || castSessionState(row, context.nowUs()) !== "waiting") {
      throw noWaitingDevice();
    }
    return { publicKey: row.public_key };
  },

  publishCastPayload: async ({ session, body, app }) => {
    // Any participant may show the album: the TV reads it as the caster would.
    // See: [Note: A cast TV borrows its caster's access]
    await participantCollection(context.db, session.userID, body.collectionID, {
      app,
      roles: ["VIEWER", "COLLABORATOR", "ADMIN", "OWNER"],
      action: "cast it",
    });
    const nowUs = context.nowUs();
    const row = await sessionOfCode(context, body.deviceCode);
    const state = row === undefined ? undefined : castSessionState(row, nowUs);
    if (row === undefined || state === "unpaired-expired") throw noWaitingDevice();
    if (state !== "waiting") {
      throw apiError(409, "SESSION_ALREADY_CLAIMED", "The device is already paired");
    }
    const live = await castSessionsOfCaster(
      context.db,
      session.userID,
      nowUs - castSessionIdleLifetimeUs,
    );
    if (live.length >= maxCastSessionsPerCaster) {
      throw apiError(
        403,
        "CAST_DEVICE_LIMIT_EXCEEDED",
        `At most ${String(maxCastSessionsPerCaster)} devices can be cast to at once; stop casting to one first`,
      );
    }
    let paired: boolean;
    try {
      paired = await pairCastSession(context.db, {
        deviceID: row.device_id,
        collectionID: body.collectionID,
        casterID: session.userID,
        tokenHash: castTokenHashOf(body.castToken),
        encryptedPayload: body.encPayload,
        nowUs,
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      throw apiError(409, "CONFLICT", "The cast token is already in use; pick another");
    }
    if (!paired) throw apiError(409, "SESSION_ALREADY_CLAIMED", "The device is already paired");
    return { deviceID: row.device_id };
  },

  getCastPayload: async ({ params }) => {
    const row = await sessionOfCode(context, params.code);
    const state = row === undefined ? undefined : castSessionState(row, context.nowUs());
    if (row === undefined || state === "unpaired-expired" || state === "idle-expired") {
      throw noWaitingDevice();
    }
    return { encCastData: row.encrypted_payload };
  },

  listCastDevices: async ({ session }) => {
    const rows = await castSessionsOfCaster(
      context.db,
      session.userID,
      context.nowUs() - castSessionIdleLifetimeUs,
    );
    return { devices: rows.map(castDeviceJSON) };
  },

  revokeCastDevice: async ({ session, params }) => {
    if (!(await deleteCastSessionOfCaster(context.db, session.userID, params.deviceID))) {
      throw notFound("No such cast device");
    }
  },

  revokeAllCastTokens: async ({ session }) => {
    await deleteCastSessionsOfCaster(context.db, session.userID);
  },
});
