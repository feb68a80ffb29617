import { fromB64 } from "../../../shared/crypto/base64";
import { boxSeal } from "../../../shared/crypto/sealed-box";
import { toB64 } from "../../../shared/crypto/base64";
import type { userEndpoints } from "../../../shared/api/endpoints/users";
import { deleteFamilyRowsOf, familyNoticesOfDeletion } from "../families/account-family-rows";
import { sendFamilyNotice } from "../families/family-notices";
import type { MailMessage } from "../mail/mailer";
import type { HandlerMap } from "../http/register-endpoints";
import { deleteLibraryRowsOf } from "../library/files/account-library-rows";
import { deleteEntitiesOf } from "../user-entities/entity-data-repository";
import { deleteEntityKeysOf } from "../user-entities/entity-key-repository";
import { deleteAuthenticatorEntitiesOf } from "../authenticator/authenticator-entity-repository";
import { deleteAuthenticatorKeyOf } from "../authenticator/authenticator-key-repository";
import { apiError } from "../http/api-errors";
import type { AccountsContext } from "./context";
import { signScopedJWT, verifyScopedJWT } from "./jwt";
import type { AccountsServices } from "./services";
import { deletePasskeyLoginsOf, deletePasskeysOf } from "./passkey-repository";
import { deleteRemoteStoreOf } from "./remote-store-repository";
import { deleteSRPLoginAndSetupsOf, deleteSRPSessionsOf, srpUserIDOf } from "./srp-repository";
import { deleteSubscriptionsOf } from "./subscription-repository";
import { appsWithLiveSessions, deleteTokensOf } from "./token-repository";
import type { TokenService } from "./tokens";
import { deleteTwoFactorRowsOf } from "./two-factor-repository";
import { deleteUsageOf } from "./usage-repository";
import { deleteKeyAttributesOf, deleteUser, keyAttributesRowOf } from "./user-repository";

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

/**
 * Delete every row of the account in one transaction, then its blobs, then
 * mail the family notices its deletion causes.
 * See: [Note: Deleting an account removes its rows]
 */
export const deleteAccountData = async (
  context: AccountsContext,
  tokens: TokenService,
  userID: number,
): Promise<void> => {
  let familyNotices: MailMessage[] = [];
  await context.db.transaction().execute(async (trx) => {
    await tokens.revokeAll(trx, userID);
    const srpUserID = await srpUserIDOf(trx, userID);
    if (srpUserID !== undefined) await deleteSRPSessionsOf(trx, srpUserID);
    await deletePasskeysOf(trx, userID);
    await deleteLibraryRowsOf(context, trx, userID);
    // See: [Note: Deleting an account ends its family]
    familyNotices = await familyNoticesOfDeletion(context, trx, userID);
    await deleteFamilyRowsOf(trx, userID);
    // The rows keyed by the account's ID, the account's own row last.
    await deleteTokensOf(trx, userID);
    await deleteKeyAttributesOf(trx, userID);
    await deleteSRPLoginAndSetupsOf(trx, userID);
    await deleteTwoFactorRowsOf(trx, userID);
    await deletePasskeyLoginsOf(trx, userID);
    await deleteRemoteStoreOf(trx, userID);
    await deleteEntitiesOf(trx, userID);
    await deleteEntityKeysOf(trx, userID);
    await deleteAuthenticatorEntitiesOf(trx, userID);
    await deleteAuthenticatorKeyOf(trx, userID);
    await deleteUsageOf(trx, userID);
    await deleteSubscriptionsOf(trx, userID);
    await deleteUser(trx, userID);
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
    const apps = (await appsWithLiveSessions(context.db, session.userID)).sort();
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
