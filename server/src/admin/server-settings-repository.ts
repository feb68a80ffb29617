import type { DB } from "../db/db";

// The queries of the server's settings (`server_settings`, one row per
// setting the operator changed). See: [Note: One repository per table family]

/** The value of a setting, if the operator ever set it. */
export const serverSettingOf = async (db: DB, name: string): Promise<string | undefined> =>
  (
    await db
      .selectFrom("server_settings")
      .select("value")
      .where("name", "=", name)
      .executeTakeFirst()
  )?.value;

/** Stores (or replaces) the value of a setting. */
export const putServerSetting = async (
  db: DB,
  name: string,
  value: string,
  updatedAtUs: number,
): Promise<void> => {
  await db
    .insertInto("server_settings")
    .values({ name, value, updated_at_us: updatedAtUs })
    .onConflict((oc) => oc.column("name").doUpdateSet({ value, updated_at_us: updatedAtUs }))
    .execute();
};
