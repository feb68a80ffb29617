// Shares written straight into a running test Cairn's database, for browser
// tests whose starting point is an album already shared (sharing itself is
// tested through its dialog in sharing-people.e2e.ts): the share row is written as the server would,
// with the collection key sealed to the sharee's public key (wire-contract
// §3.2), so the sharee's browser really opens it.

import { fromB64 } from "../../../shared/crypto/base64";
import { boxSealB64 } from "../../../shared/crypto/sealed-box";
import { openDatabase } from "../../../server/src/db/database";
import {
  type LibraryTransaction,
  lockCollectionsForWrite,
  stampCollections,
} from "../../../server/src/library/versions";
import type { DecryptedCollection } from "../../../workers/library/decrypted-records";
import type { NodeAccount } from "../../test-support/node-account";
import type { TestCairn } from "./suite";

export type ShareRole = "VIEWER" | "COLLABORATOR" | "ADMIN";

/**
 * Runs `write` in one transaction of `cairn`'s database with the
 * collection locked and stamped with a new version, the way the server's
 * own writes do, so that every participant's next pull sees the change.
 */
const writeCollection = async (
  cairn: TestCairn,
  collectionID: number,
  write: (trx: LibraryTransaction, versionUs: number) => Promise<unknown>,
): Promise<void> => {
  const database = await openDatabase(cairn.config.database);
  try {
    const context = { db: database.db, dialect: database.dialect, nowUs: () => Date.now() * 1000 };
    await database.db.transaction().execute(async (trx) => {
      const versionUs = await lockCollectionsForWrite(context, trx, [collectionID]);
      await write(trx, versionUs);
      await stampCollections(trx, [collectionID], versionUs);
    });
  } finally {
    await database.close();
  }
};

/** Shares `owner`'s `collection` with `sharee` in `role`. */
export const shareInDatabase = async (
  cairn: TestCairn,
  {
    collection,
    owner,
    sharee,
    role,
  }: { collection: DecryptedCollection; owner: NodeAccount; sharee: NodeAccount; role: ShareRole },
): Promise<void> => {
  const encryptedKeyB64 = await boxSealB64(
    fromB64(collection.keyB64),
    sharee.accountKeys.publicKeyB64,
  );
  await writeCollection(cairn, collection.id, (trx, versionUs) =>
    trx
      .insertInto("collection_shares")
      .values({
        collection_id: collection.id,
        from_user_id: owner.userID,
        to_user_id: sharee.userID,
        encrypted_key: encryptedKeyB64,
        role,
        magic_metadata: null,
        is_deleted: 0,
        shared_at_us: versionUs,
        updation_time_us: versionUs,
      })
      .execute(),
  );
};

/** Changes `sharee`'s role in a collection shared with them (as the owner would). */
export const changeShareRoleInDatabase = async (
  cairn: TestCairn,
  { collectionID, sharee, role }: { collectionID: number; sharee: NodeAccount; role: ShareRole },
): Promise<void> => {
  await writeCollection(cairn, collectionID, (trx, versionUs) =>
    trx
      .updateTable("collection_shares")
      .set({ role, updation_time_us: versionUs })
      .where("collection_id", "=", collectionID)
      .where("to_user_id", "=", sharee.userID)
      .execute(),
  );
};
