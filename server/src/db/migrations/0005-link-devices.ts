import type { Kysely } from "kysely";

// The devices that opened each public link, for its device limit
// (wire-contract §9 "Device limit"). A device is named by a keyed hash, never
// by the IP address and browser it was recognised from.
// See: [Note: A link's devices are counted by a keyed hash]

export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable("public_link_devices")
    .addColumn("link_id", "bigint", (c) => c.notNull())
    .addColumn("device_id", "text", (c) => c.notNull())
    .addColumn("first_seen_us", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("public_link_devices_pk", ["link_id", "device_id"])
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable("public_link_devices").execute();
};
