import {
  booleanRemoteStoreKeys,
  serverApiFlagBits,
  remoteStoreKeySchema,
  type remoteStoreEndpoints,
  type RemoteStoreKey,
} from "../../../shared/api/endpoints/remote-store";
import type { HandlerMap } from "../http/register-endpoints";
import { badRequest, notFound } from "../http/api-errors";
import type { AccountsContext } from "./context";
import {
  putRemoteStoreValue,
  remoteStoreValueOf,
  remoteStoreValuesOf,
} from "./remote-store-repository";
import type { AccountsServices } from "./services";

// Remote store and feature flags (wire-contract §11).

// [Note: The cast receiver's URL]
//
// The feature flags' `castUrl` is where the mobile app tells the user to open
// the cast receiver ("Visit <castUrl> on the device you want to pair"); the
// reference answers its own (`apps.cast`, cast.ente.io). Ente's hosted
// receiver registers its codes with Ente's server, never with this one, so
// pointing there (or omitting the flag, which makes the mobile app assume
// it) would send users to a receiver whose codes this server never knows.
// Cairn has no receiver of its own: an operator who hosts Ente's cast app
// built against this server sets `CAIRN_CAST_URL` to it, and without one the
// flag is empty.

/** Keys only an administrator sets; users read them through the feature flags. */
type AdminKey = "internalUser" | "betaUser";

// [Note: Video streaming is advertised once every call of it is served]
//
// Ente's mobile app reads `serverApiFlag` bit 8 ("video streaming") as the
// default of its video-streaming setting: with it, the app makes a
// streamable copy of the recent videos it backs up (an HLS stream through
// `GET /files/data/preview-upload-url`, a PUT to that URL and
// `PUT /files/video-data`), learns which files have one from
// `POST /files/data/status-diff`, and plays one with the playlist of
// `GET /files/data/fetch` and the object of `GET /files/data/preview`,
// or their `/public-collection/…` twins inside a public link's album. We
// serve all of these, so the bit is set; the user can still turn the
// setting off in the app.

/**
 * The API features this server implements, as `serverApiFlag` bits: the v2
 * upload URLs (`POST /files/upload-url`, `POST /files/multipart-upload-url`,
 * with sizes and MD5s signed in), and video streaming.
 * See: [Note: Video streaming is advertised once every call of it is served]
 */
const implementedServerApiFlags = serverApiFlagBits.uploadV2 | serverApiFlagBits.videoStreaming;

const storedValues = async (context: AccountsContext, userID: number) => {
  const rows = await remoteStoreValuesOf(context.db, userID);
  return new Map(rows.map((row) => [row.key_name, row.key_value]));
};

export const createRemoteStoreHandlers = ({
  context,
}: AccountsServices): HandlerMap<typeof remoteStoreEndpoints> => ({
  getRemoteStoreValue: async ({ session, query }) => {
    const value = await remoteStoreValueOf(context.db, session.userID, query.key);
    if (value !== undefined) return { value };
    if (query.defaultValue !== undefined) return { value: query.defaultValue };
    throw notFound(`No value is stored for ${query.key}`);
  },

  updateRemoteStore: async ({ session, body }) => {
    const key = remoteStoreKeySchema.safeParse(body.key);
    if (!key.success) throw badRequest(`key: ${body.key} cannot be set`);
    const name: RemoteStoreKey = key.data;
    if (booleanRemoteStoreKeys.includes(name) && body.value !== "true" && body.value !== "false") {
      throw badRequest(`value: ${name} takes "true" or "false"`);
    }
    await putRemoteStoreValue(context.db, session.userID, name, {
      keyValue: body.value,
      updatedAtUs: context.nowUs(),
    });
    return undefined;
  },

  getFeatureFlags: async ({ session }) => {
    const values = await storedValues(context, session.userID);
    const isTrue = (key: RemoteStoreKey | AdminKey) => values.get(key) === "true";
    const customDomain = values.get("customDomain");
    return {
      enableStripe: false,
      disableCFWorker: true,
      mapEnabled: isTrue("mapEnabled"),
      faceSearchEnabled: isTrue("faceSearchEnabled"),
      passKeyEnabled: isTrue("passKeyEnabled"),
      recoveryKeyVerified: isTrue("recoveryKeyVerified"),
      internalUser: isTrue("internalUser"),
      betaUser: isTrue("betaUser"),
      enableMobMultiPart: true,
      serverApiFlag: implementedServerApiFlags,
      castUrl: context.castURL ?? "",
      embedUrl: "",
      ...(customDomain === undefined ? {} : { customDomain }),
    };
  },
});
