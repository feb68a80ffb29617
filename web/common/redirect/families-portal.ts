// [Note: The family page is opened with a families token]
//
// Spec §2: "The family portal link is built from a family-token call plus
// whether a family exists, with a redirect back to /gallery". So the way to
// the family page is always a fresh `GET /users/families-token` (a
// FAMILIES-scoped JWT and the page's URL, wire-contract §1.2), giving
// `<familyUrl>?token=<JWT>&isFamilyCreated=<bool>&redirectURL=<photos>/gallery`
// (the parameter names of the Ente family portal, so `CAIRN_FAMILIES_URL`
// may name such a portal). By default the page is the photos app's own
// `/family`, which takes the token out of the address bar at once.

import { createApiClient, type FetchFunction } from "../../../shared/api/client";
import { getFamiliesToken } from "../../../shared/api/endpoints/users";
import { clientPackageFor, type WebAppName } from "../app/app-names";
import { localStore } from "../storage/local-store";

/** The query parameters of the family page's link. See: [Note: The family page is opened with a families token] */
export const familiesPortalParams = {
  token: "token",
  isFamilyCreated: "isFamilyCreated",
  redirectURL: "redirectURL",
} as const;

/** The family page returns the user to the photos gallery when done (spec §2). */
export const familiesReturnPath = "/gallery";

/** The link to the family page. See: [Note: The family page is opened with a families token] */
export function familiesPortalURL({
  familyUrl,
  familiesToken,
  isFamilyCreated,
  photosURL,
}: {
  familyUrl: string;
  /** Left out only for a link that is never followed as is (see `redirectUrlFor`). */
  familiesToken?: string | undefined;
  isFamilyCreated?: boolean | undefined;
  photosURL: string;
}): string {
  const url = new URL(familyUrl);
  if (familiesToken !== undefined) url.searchParams.set(familiesPortalParams.token, familiesToken);
  if (isFamilyCreated !== undefined) {
    url.searchParams.set(familiesPortalParams.isFamilyCreated, String(isFamilyCreated));
  }
  url.searchParams.set(
    familiesPortalParams.redirectURL,
    `${photosURL.replace(/\/+$/, "")}${familiesReturnPath}`,
  );
  return url.toString();
}

/**
 * A fresh link to the family page for the logged-in user of this tab: a
 * families-token call with the session token, and whether the user's
 * details (last fetched) show a family.
 */
export async function fetchFamiliesPortalURL({
  apiOrigin,
  app,
  photosURL,
  fetch = (url, init) => globalThis.fetch(url, init),
}: {
  apiOrigin: string;
  app: WebAppName;
  photosURL: string;
  fetch?: FetchFunction;
}): Promise<string> {
  const api = createApiClient({
    apiOrigin,
    clientPackage: clientPackageFor(app),
    fetch,
    getAuthToken: () => localStore.get("user")?.token,
  });
  const { familiesToken, familyUrl } = await api.call(getFamiliesToken);
  return familiesPortalURL({
    familyUrl,
    familiesToken,
    isFamilyCreated: localStore.get("familyData") !== undefined,
    photosURL,
  });
}
