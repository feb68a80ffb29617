// The way to the payments page (spec §2: the provider's web site, opened
// with `GET /users/payment-token`): Cairn's own `/payments` of the photos
// app, with the token and the gallery to come back to.

import { createApiClient, type FetchFunction } from "../../../shared/api/client";
import { getPaymentToken } from "../../../shared/api/endpoints/users";
import { photosClientPackage } from "../../common/shell/client-package";
import { localStore } from "../../common/storage/local-store";
import { paymentTokenParam } from "./plan-rules";

/** The payments page of the photos app at `photosURL`, opened with `paymentToken`. */
export const paymentsPageURL = (photosURL: string, paymentToken: string): string => {
  const url = new URL("/payments", photosURL);
  url.searchParams.set(paymentTokenParam, paymentToken);
  url.searchParams.set("redirectURL", new URL("/gallery", photosURL).toString());
  return url.toString();
};

/** A fresh link to the payments page for the logged-in user of this tab. */
export async function fetchPaymentsPageURL({
  apiOrigin,
  photosURL,
  fetch = (url, init) => globalThis.fetch(url, init),
}: {
  apiOrigin: string;
  photosURL: string;
  fetch?: FetchFunction;
}): Promise<string> {
  const api = createApiClient({
    apiOrigin,
    clientPackage: photosClientPackage(),
    fetch,
    getAuthToken: () => localStore.get("user")?.token,
  });
  const { paymentToken } = await api.call(getPaymentToken);
  return paymentsPageURL(photosURL, paymentToken);
}
