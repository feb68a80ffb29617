// The accounts app's half of a passkey login (wire-contract §2.4): the
// server's challenge for the login's passkey session, the browser's passkey
// prompt, and the signed answer back. See: [Note: Passkey login goes through the accounts app]
//
// [Note: The passkey login ceremony runs beside the account service]
//
// This step holds no key and no token of ours: the two calls are public,
// keyed only by the passkey session the photos app passed in the URL, and
// the token they release is fetched by the photos app, never by this page.
// WebAuthn must run on the UI thread, so the ceremony lives here, with the
// API client injected; the account service, which owns the logged-in
// flows, is not involved.

import type { ApiClient } from "../../../../shared/api/client";
import { authenticationCredentialSchema } from "../../../../shared/api/endpoints/account-schemas";
import { beginPasskeyLogin, finishPasskeyLogin } from "../../../../shared/api/endpoints/passkeys";
import { BadRequestError } from "../../../../shared/model/errors";
import { assertPasskey } from "./passkey-ceremony";

/** Verify the passkey of login session `sessionID`; the photos app then fetches the token. */
export async function verifyPasskeyLogin(api: ApiClient, sessionID: string): Promise<void> {
  const { options, ceremonySessionID } = await api.call(beginPasskeyLogin, {
    body: { sessionID },
  });
  const credential = authenticationCredentialSchema.safeParse(
    await assertPasskey(options.publicKey),
  );
  if (!credential.success) throw new BadRequestError({ status: 400, cause: credential.error });
  await api.call(finishPasskeyLogin, {
    query: { sessionID, ceremonySessionID },
    body: credential.data,
  });
}
