import type { DatabaseConfig } from "../../config/config";
import type { DB } from "../../db/db";
import type { LinkRow } from "./public-url-json";

// The queries of public links (`public_collection_tokens`, one row per link
// token) and of the devices that opened them (`public_link_devices`).
// See: [Note: One repository per table family]

/** The link of an access token, whatever its state. */
export const linkOfAccessToken = (db: DB, accessToken: string): Promise<LinkRow | undefined> =>
  db
    .selectFrom("public_collection_tokens")
    .selectAll()
    .where("access_token", "=", accessToken)
    .executeTakeFirst();

/** The enabled link of a collection (a collection has at most one). */
export const enabledLinkOf = (db: DB, collectionID: number): Promise<LinkRow | undefined> =>
  db
    .selectFrom("public_collection_tokens")
    .selectAll()
    .where("collection_id", "=", collectionID)
    .where("is_disabled", "=", 0)
    .executeTakeFirst();

/** The enabled links of several collections, by link ID. */
export const enabledLinksAmong = (db: DB, collectionIDs: readonly number[]): Promise<LinkRow[]> =>
  db
    .selectFrom("public_collection_tokens")
    .selectAll()
    .where("collection_id", "in", [...collectionIDs])
    .where("is_disabled", "=", 0)
    .orderBy("link_id")
    .execute();

export const insertLink = async (db: DB, row: LinkRow): Promise<void> => {
  await db.insertInto("public_collection_tokens").values(row).execute();
};

/** Writes every column of a link but its ID. */
export const updateLink = async (db: DB, link: LinkRow): Promise<void> => {
  const { link_id: linkID, ...columns } = link;
  await db
    .updateTable("public_collection_tokens")
    .set(columns)
    .where("link_id", "=", linkID)
    .execute();
};

/** Disables every link of the collection at a version of it. */
export const disableLinksOf = async (
  db: DB,
  collectionID: number,
  versionUs: number,
): Promise<void> => {
  await db
    .updateTable("public_collection_tokens")
    .set({ is_disabled: 1, updated_at_us: versionUs })
    .where("collection_id", "=", collectionID)
    .where("is_disabled", "=", 0)
    .execute();
};

/** Locks a link's row until the transaction ends (PostgreSQL `FOR UPDATE`; SQLite writes one at a time). */
export const lockLink = async (
  db: DB,
  dialect: DatabaseConfig["kind"],
  linkID: number,
): Promise<void> => {
  const lock = db
    .selectFrom("public_collection_tokens")
    .select("link_id")
    .where("link_id", "=", linkID);
  await (dialect === "postgres" ? lock.forUpdate() : lock).execute();
};

/** Whether the device has opened the link before. */
export const isKnownLinkDevice = async (
  db: DB,
  linkID: number,
  deviceID: string,
): Promise<boolean> => {
  const known = await db
    .selectFrom("public_link_devices")
    .select("device_id")
    .where("link_id", "=", linkID)
    .where("device_id", "=", deviceID)
    .executeTakeFirst();
  return known !== undefined;
};

/** How many devices have opened the link. */
export const linkDeviceCount = async (db: DB, linkID: number): Promise<number> => {
  const { count } = await db
    .selectFrom("public_link_devices")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("link_id", "=", linkID)
    .executeTakeFirstOrThrow();
  // PostgreSQL counts in bigint, which its driver answers as text.
  return Number(count);
};

/** Records a device that opened the link (once; a second record changes nothing). */
export const addLinkDevice = async (
  db: DB,
  linkID: number,
  deviceID: string,
  firstSeenUs: number,
): Promise<void> => {
  await db
    .insertInto("public_link_devices")
    .values({ link_id: linkID, device_id: deviceID, first_seen_us: firstSeenUs })
    .onConflict((oc) => oc.columns(["link_id", "device_id"]).doNothing())
    .execute();
};
