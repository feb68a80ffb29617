import { decryptWithServerKey } from "../../accounts/server-crypto";
import { encryptedEmailsOf } from "../../accounts/user-repository";
import type { DB } from "../../db/db";
import type { LibraryContext } from "../context";

/**
 * The emails of users, decrypted (they are stored under the server key),
 * read with one query. A user who no longer exists has no entry.
 */
export const userEmails = async (
  context: Pick<LibraryContext, "secrets">,
  db: DB,
  userIDs: Iterable<number>,
): Promise<Map<number, string>> => {
  const unique = [...new Set(userIDs)];
  const emails = new Map<number, string>();
  if (unique.length === 0) return emails;
  const rows = await encryptedEmailsOf(db, unique);
  for (const row of rows) {
    emails.set(
      row.user_id,
      await decryptWithServerKey(context.secrets, {
        encryptedB64: row.encrypted_email,
        nonceB64: row.email_decryption_nonce,
      }),
    );
  }
  return emails;
};
