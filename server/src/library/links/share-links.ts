import type {
  CreateShareURLRequest,
  UpdateShareURLRequest,
} from "../../../../shared/api/endpoints/collections";
import type { PublicURLJSON } from "../../../../shared/api/endpoints/library-schemas";
import type { ClientApp } from "../../../../shared/api/headers";
import { fromB64, toB64 } from "../../../../shared/crypto/base64";
import { loadSodium } from "../../../../shared/crypto/sodium";
import { apiError, badRequest, notFound } from "../../http/api-errors";
import { flag } from "../../db/column-values";
import type { DB } from "../../db/db";
import { subscriptionProductIDOf } from "../../accounts/subscription-repository";
import { freePlanProductID } from "../../accounts/users";
import { nextID } from "../../db/id-counters";
import type { ServerSecrets } from "../../config/secrets";
import type { LibraryContext } from "../context";
import { participantCollection, writeCollections } from "../collections/collection-write";
import { canBeShared } from "../../../../shared/model/library/sharing-rules";
import type { LibraryTransaction } from "../versions";
import { disableLinksOf, enabledLinkOf, insertLink, updateLink } from "./link-repository";
import { newLinkAccessToken } from "./access-token";
import { type LinkRow, publicURLJSON } from "./public-url-json";

// Creating, changing and disabling a collection's public link (wire-contract
// §3.3; spec §5 device limit and expiry choices). Owner only. Each change
// moves the collection's version, so that every participant's next
// `/collections/v2` carries the link as it now is.

// [Note: A link never offers comments]
//
// Ente's apps can turn on comments and reactions on a public link
// (`enableComment`, which the mobile app sets on every new link), and a
// viewer's app then loads and posts them through the `/comments` and
// `/reactions` calls. Cairn serves none of those calls, so a link that said
// `enableComment: true` would offer viewers a comment box that only fails.
// The setting is taken (a client may send it) but never stored: every link
// answers `enableComment: false`, and the apps show no comments.

/** What a free plan's links allow at most (wire-contract §3.3). */
export const freePlanLinkDeviceLimit = 5;

/**
 * [Note: Free plans get links of five devices]
 *
 * A link's owner on the free plan gets links opened by at most 5 devices
 * (whatever was asked), and may change every setting of a link but that
 * one (403 `LINK_EDIT_NOT_ALLOWED`). A paid plan (any plan the server's
 * admin set) has the spec's choices: no limit, 2, 5, 10, 25 or 50.
 */
export const isFreePlanProduct = (productID: string | undefined): boolean =>
  productID === undefined || productID === freePlanProductID;

const isOnFreePlan = async (db: DB, userID: number): Promise<boolean> =>
  isFreePlanProduct(await subscriptionProductIDOf(db, userID));

/**
 * [Note: A link's password hash is hashed again]
 *
 * The client derives `passHash` from the password with Argon2id and the
 * link's nonce; a visitor proves the password by sending the same hash.
 * Stored as sent, a leaked database would let anyone present it. The server
 * stores BLAKE2b-256 of it keyed with `keyHash` instead, and compares that.
 */
export const storedLinkPasswordHash = async (
  secrets: ServerSecrets,
  passHashB64: string,
): Promise<string> => {
  const sodium = await loadSodium();
  return toB64(sodium.crypto_generichash(32, fromB64(passHashB64), secrets.keyHash));
};

/** A time in the past is refused; 0 means "never expires". */
const ensureNotPast = (validTillUs: number | undefined, nowUs: number) => {
  if (validTillUs !== undefined && validTillUs !== 0 && validTillUs < nowUs) {
    throw badRequest("A link cannot expire in the past");
  }
};

const ownedShareableCollection = async (
  trx: LibraryTransaction,
  userID: number,
  collectionID: number,
  app: ClientApp,
) => {
  const { collection } = await participantCollection(trx, userID, collectionID, {
    app,
    roles: ["OWNER"],
    action: "manage its links",
  });
  if (!canBeShared(collection.type)) {
    throw badRequest(`A collection of type ${collection.type} cannot be shared`);
  }
  return collection;
};

/**
 * The collection's public link: a new one, or the enabled one it already
 * has (which is answered as it is).
 */
export const createShareURL = (
  context: LibraryContext,
  userID: number,
  app: ClientApp,
  request: CreateShareURLRequest,
): Promise<PublicURLJSON> =>
  writeCollections(context, [request.collectionID], async ({ trx, versionUs }) => {
    await ownedShareableCollection(trx, userID, request.collectionID, app);
    const existing = await enabledLinkOf(trx, request.collectionID);
    if (existing !== undefined) return publicURLJSON(existing, context.photosURL());
    const nowUs = context.nowUs();
    ensureNotPast(request.validTill, nowUs);
    // See: [Note: Free plans get links of five devices]
    const deviceLimit = (await isOnFreePlan(trx, userID))
      ? freePlanLinkDeviceLimit
      : (request.deviceLimit ?? 0);
    const row: LinkRow = {
      link_id: await nextID(trx, "public_link"),
      collection_id: request.collectionID,
      access_token: newLinkAccessToken(),
      is_disabled: 0,
      valid_till_us: request.validTill ?? 0,
      device_limit: deviceLimit,
      pw_hash: null,
      pw_nonce: null,
      mem_limit: null,
      ops_limit: null,
      enable_download: 1,
      enable_collect: flag(request.enableCollect ?? false),
      // See: [Note: A link never offers comments]
      enable_comment: 0,
      enable_join: flag(request.enableJoin ?? true),
      min_role: null,
      created_at_us: nowUs,
      updated_at_us: versionUs,
    };
    await insertLink(trx, row);
    return publicURLJSON(row, context.photosURL());
  });

const passwordFields = ["passHash", "nonce", "memLimit", "opsLimit"] as const;

/** Changes the enabled link of a collection; 404 when it has none. */
export const updateShareURL = async (
  context: LibraryContext,
  userID: number,
  app: ClientApp,
  request: UpdateShareURLRequest,
): Promise<PublicURLJSON> => {
  const { collectionID, ...changes } = request;
  if (Object.keys(changes).length === 0) {
    throw badRequest("Nothing to change");
  }
  const givenPasswordFields = passwordFields.filter((name) => changes[name] !== undefined);
  if (givenPasswordFields.length !== 0 && givenPasswordFields.length !== passwordFields.length) {
    throw badRequest("A password needs passHash, nonce, memLimit and opsLimit together");
  }
  if (givenPasswordFields.length !== 0 && changes.disablePassword === true) {
    throw badRequest("A password cannot be set and removed at once");
  }
  const storedHash =
    changes.passHash === undefined
      ? undefined
      : await storedLinkPasswordHash(context.secrets, changes.passHash);
  return writeCollections(context, [collectionID], async ({ trx, versionUs }) => {
    await ownedShareableCollection(trx, userID, collectionID, app);
    const link = await enabledLinkOf(trx, collectionID);
    if (link === undefined) throw notFound("The collection has no enabled link");
    ensureNotPast(changes.validTill, context.nowUs());
    if (
      changes.deviceLimit !== undefined &&
      changes.deviceLimit !== freePlanLinkDeviceLimit &&
      (await isOnFreePlan(trx, userID))
    ) {
      // See: [Note: Free plans get links of five devices]
      throw apiError(403, "LINK_EDIT_NOT_ALLOWED", "The free plan's links allow 5 devices");
    }
    const updated: LinkRow = {
      ...link,
      ...(changes.validTill === undefined ? {} : { valid_till_us: changes.validTill }),
      ...(changes.deviceLimit === undefined ? {} : { device_limit: changes.deviceLimit }),
      ...(storedHash === undefined
        ? {}
        : {
            pw_hash: storedHash,
            pw_nonce: changes.nonce ?? null,
            mem_limit: changes.memLimit ?? null,
            ops_limit: changes.opsLimit ?? null,
          }),
      ...(changes.disablePassword === true
        ? { pw_hash: null, pw_nonce: null, mem_limit: null, ops_limit: null }
        : {}),
      ...(changes.enableDownload === undefined
        ? {}
        : { enable_download: flag(changes.enableDownload) }),
      ...(changes.enableCollect === undefined
        ? {}
        : { enable_collect: flag(changes.enableCollect) }),
      ...(changes.enableJoin === undefined ? {} : { enable_join: flag(changes.enableJoin) }),
      ...(changes.minRole === undefined ? {} : { min_role: changes.minRole }),
      updated_at_us: versionUs,
    };
    await updateLink(trx, updated);
    return publicURLJSON(updated, context.photosURL());
  });
};

/** `DELETE /collections/share-url/:id`: the owner disables the collection's links. */
export const disableShareURL = (
  context: LibraryContext,
  userID: number,
  app: ClientApp,
  collectionID: number,
): Promise<void> =>
  writeCollections(context, [collectionID], async ({ trx, versionUs }) => {
    await participantCollection(trx, userID, collectionID, {
      app,
      roles: ["OWNER"],
      action: "manage its links",
    });
    await disableLinksOf(trx, collectionID, versionUs);
  });
