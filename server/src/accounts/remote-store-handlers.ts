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

/** Keys only an administrator sets; users read them through the feature flags. */
type AdminKey = "internalUser" | "betaUser";

/**
 * The API features this server implements, as `serverApiFlag` bits: the v2
 * upload URLs (`POST /files/upload-url`, `POST /files/multipart-upload-url`,
 * with sizes and MD5s signed in). Nothing else optional exists yet.
 */
const implementedServerApiFlags = serverApiFlagBits.uploadV2;

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
      castUrl: "",
      embedUrl: "",
      ...(customDomain === undefined ? {} : { customDomain }),
    };
  },
});
