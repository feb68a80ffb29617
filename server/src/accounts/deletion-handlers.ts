import { fromB64 } from "../../../shared/crypto/base64";
import { boxSeal } from "../../../shared/crypto/sealed-box";
import { toB64 } from "../../../shared/crypto/base64";
import type { userEndpoints } from "../../../shared/api/endpoints/users";
import { deleteFamilyRowsOf, familyNoticesOfDeletion } from "../families/account-family-rows";
import { sendFamilyNotice } from "../families/family-notices";
import type { MailMessage } from "../mail/mailer";
import type { HandlerMap } from "../http/register-endpoints";
import { deleteLibraryRowsOf } from "../library/files/account-library-rows";
import { apiError } from "../http/api-errors";
import type { AccountsContext } from "./context";
import { signScopedJWT, verifyScopedJWT } from "./jwt";
import type { AccountsServices } from "./services";
import type { TokenService } from "./tokens";
import { keyAttributesRowOf } from "./users";

// Account deletion (wire-contract §2.1 delete-challenge, DELETE /users/delete).
//
// [Note: Deleting an account removes its rows]
//
// The reference marks the user deleted and cleans up later. We remove the
// account's rows at once (every table keyed by the user, in one
// transaction) and its blobs under `<userID>/`, so nothing of the account
// remains and its email can sign up again as a new account. User IDs are
// never reused (see [Note: Account IDs come from a counter]), so a stale
// reference to the old ID can never reach the new account.

/** Tables whose rows belong to one user, by `user_id`. */
const userTables = [
  "tokens",
  "key_attributes",
  "srp_auth",
  "temp_srp_setups",
  "two_factor",
  "temp_two_factor",
  "two_factor_sessions",
  "two_factor_used_codes",
  "two_factor_recovery",
  "passkey_login_sessions",
  "webauthn_ceremonies",
  "remote_store",
  "usage",
  "subscriptions",
] as const;

export const deleteAccountData = async (
  context: AccountsContext,
  tokens: TokenService,
  userID: number,
): Promise<void> => {
  let familyNotices: MailMessage[] = [];
  await context.db.transaction().execute(async (trx) => {
    await tokens.revokeAll(trx, userID);
    const srp = await trx
      .selectFrom("srp_auth")
      .select("srp_user_id")
      .where("user_id", "=", userID)
      .executeTakeFirst();
    if (srp !== undefined) {
      await trx.deleteFrom("srp_sessions").where("srp_user_id", "=", srp.srp_user_id).execute();
    }
    const passkeyIDs = trx.selectFrom("passkeys").select("id").where("user_id", "=", userID);
    await trx.deleteFrom("passkey_credentials").where("passkey_id", "in", passkeyIDs).execute();
    await trx.deleteFrom("passkeys").where("user_id", "=", userID).execute();
    await deleteLibraryRowsOf(trx, userID);
    // See: [Note: Deleting an account ends its family]
    familyNotices = await familyNoticesOfDeletion(context, trx, userID);
    await deleteFamilyRowsOf(trx, userID);
    for (const table of userTables) {
      await trx.deleteFrom(table).where("user_id", "=", userID).execute();
    }
    await trx.deleteFrom("users").where("user_id", "=", userID).execute();
  });
  await context.blobStore.deletePrefix(`${String(userID)}/`);
  for (const notice of familyNotices) {
    await sendFamilyNotice(context, "account deleted", notice);
  }
};

export const createDeletionHandlers = ({
  context,
  tokens,
}: AccountsServices): Pick<
  HandlerMap<typeof userEndpoints>,
  "getDeleteChallenge" | "deleteAccount"
> => ({
  getDeleteChallenge: async ({ session }) => {
    const keys = await keyAttributesRowOf(context.db, session.userID);
    const appRows = await context.db
      .selectFrom("tokens")
      .select("app")
      .distinct()
      .where("user_id", "=", session.userID)
      .where("is_deleted", "=", 0)
      .execute();
    const apps = appRows.map((row) => row.app).sort();
    // Without a public key the client could not open the challenge.
    if (keys === undefined) return { allowDelete: false, apps };
    const jwt = await signScopedJWT(
      context.secrets,
      session.userID,
      "DELETE_ACCOUNT",
      context.nowUs(),
    );
    const sealed = await boxSeal(new TextEncoder().encode(jwt), fromB64(keys.public_key));
    return { allowDelete: true, encryptedChallenge: toB64(sealed), apps };
  },

  deleteAccount: async ({ session, body }) => {
    const userID = await verifyScopedJWT(
      context.secrets,
      body.challenge,
      "DELETE_ACCOUNT",
      context.nowUs(),
    );
    if (userID !== session.userID) {
      throw apiError(401, "UNAUTHORIZED", "The deletion challenge is not valid");
    }
    await deleteAccountData(context, tokens, userID);
    context.log.info({ userID, reasonCategory: body.reasonCategory ?? "" }, "account deleted");
    return { isSubscriptionCancelled: false, userID };
  },
});
