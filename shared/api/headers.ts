// Header and query names of the wire contract (§0.1), spelled once for the
// client and the server.

export const headerNames = {
  authToken: "X-Auth-Token",
  accessToken: "X-Auth-Access-Token",
  accessTokenJWT: "X-Auth-Access-Token-JWT",
  linkDeviceToken: "X-Auth-Link-Device-Token",
  castAccessToken: "X-Cast-Access-Token",
  clientPackage: "X-Client-Package",
  clientVersion: "X-Client-Version",
  requestID: "X-Request-Id",
  linkDeviceTokenResponse: "X-Ente-Link-Device-Token",
} as const;

/** Query fallbacks for the token headers (used where a header cannot travel: redirects, <img>). */
export const tokenQueryNames = {
  authToken: "token",
  accessToken: "accessToken",
  accessTokenJWT: "accessTokenJWT",
  castAccessToken: "castToken",
} as const;

/** Our clients' `X-Client-Package` values. */
export const clientPackages = {
  photosWeb: "io.cairn.photos.web",
  photosDesktop: "io.cairn.photos.desktop",
  accountsWeb: "io.cairn.accounts.web",
  authWeb: "io.cairn.auth.web",
} as const;

/** The "app" a request acts for; tokens and collections belong to one app. */
export type ClientApp = "photos" | "auth" | "locker";

/**
 * The app a client package belongs to (wire-contract §0.1): packages of the
 * authenticator (ours or the reference's) are `auth`, the reference's Locker
 * is `locker`, and everything else, including no header at all, is `photos`.
 */
export const appForClientPackage = (clientPackage: string | undefined): ClientApp => {
  if (clientPackage === undefined) return "photos";
  if (clientPackage.startsWith("io.ente.auth") || clientPackage.startsWith("io.cairn.auth")) {
    return "auth";
  }
  if (clientPackage.startsWith("io.ente.locker")) return "locker";
  return "photos";
};
