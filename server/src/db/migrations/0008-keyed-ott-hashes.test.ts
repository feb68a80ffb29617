import { Migrator } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { testDatabaseBackends } from "../../../test-support/databases";
import { migrateToLatest, type CairnDatabase } from "../database";
import { migrationProvider } from "./index";

// See: [Note: Codes pending at the keyed-hash migration are dropped]
describe.each(testDatabaseBackends())("the keyed-hash migration of codes on $name", (backend) => {
  let database: CairnDatabase;
  beforeEach(async () => {
    database = await backend.open();
  });
  afterEach(async () => {
    await database.close();
  });

  it("deletes the codes stored before it, which could never verify again", async () => {
    const migrator = new Migrator({ db: database.db, provider: migrationProvider });
    const { error } = await migrator.migrateTo("0007-server-settings");
    expect(error).toBeUndefined();
    const nowUs = Date.now() * 1000;
    await database.db
      .insertInto("otts")
      .values({
        ott_hash: "unkeyed-sha256-of-an-old-code",
        email_hash: "email-hash",
        app: "photos",
        creation_time_us: nowUs,
        expiration_time_us: nowUs + 60 * 60 * 1_000_000,
        wrong_attempt: 0,
      })
      .execute();

    expect(await migrateToLatest(database.db)).toContain("0008-keyed-ott-hashes");
    expect(await database.db.selectFrom("otts").selectAll().execute()).toEqual([]);
  });
});
