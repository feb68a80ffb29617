// The links between the photos (or auth) app and the accounts app during a
// passkey login. See: [Note: Passkey login goes through the accounts app]
//
// [Note: Passkey login goes through the accounts app]
//
// WebAuthn credentials are bound to the accounts app's origin, so a login
// that needs a passkey leaves the photos app for the accounts app's
// `/passkeys?passkeySessionID=…&returnTo=…`. There the person verifies with
// their passkey; the accounts app then sends them back to `returnTo`, the
// photos app's `/two-factor/verify?passkeySessionID=…`, which polls the
// server for the session token (wire-contract §2.4). The photos app polls as
// soon as the login needs the passkey, so verifying in another tab or window
// works too.

export const passkeySessionParam = "passkeySessionID";
/**
 * Not `redirect`: that query parameter belongs to the shell on every page
 * (see: [Note: The redirect query parameter]).
 */
export const returnParam = "returnTo";

/** The accounts app page that verifies the passkey of login session `sessionID`. */
export function passkeyVerificationURL(
  accountsUrl: string,
  sessionID: string,
  returnURL: string,
): string {
  const url = new URL("/passkeys", accountsUrl);
  url.searchParams.set(passkeySessionParam, sessionID);
  url.searchParams.set(returnParam, returnURL);
  return url.toString();
}

/** Where the accounts app sends the person back to once the passkey is verified. */
export function passkeyReturnURL(appOrigin: string, sessionID: string): string {
  const url = new URL("/two-factor/verify", appOrigin);
  url.searchParams.set(passkeySessionParam, sessionID);
  return url.toString();
}

/**
 * The `returnTo` of a verification request, if it leads back to one of our
 * own apps; anything else is refused so that the accounts app cannot be used
 * to send people to a look-alike site.
 */
export function trustedReturnURL(
  redirect: string | null,
  appOrigins: readonly string[],
): string | undefined {
  if (redirect === null) return undefined;
  let url: URL;
  try {
    url = new URL(redirect);
  } catch {
    return undefined;
  }
  // Compared by scheme and host, not `URL.origin`: that is "null" for both
  // the desktop scheme and `javascript:` URLs.
  const schemeAndHost = (u: URL) => `${u.protocol}//${u.host}`;
  if (url.host === "") return undefined;
  return appOrigins.some((origin) => schemeAndHost(new URL(origin)) === schemeAndHost(url))
    ? url.toString()
    : undefined;
}
