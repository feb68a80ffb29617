// What the payments page and the plan dialog say about plans (spec §2
// "subscription purchase success showing the expiry date"; §6 "only the
// family admin is plan admin"). A self-hosted server sells nothing: its
// administrator grants plans (`npm run admin -- set-plan`). Pure.

/** The payment token's query parameter on the payments page (`GET /users/payment-token`). */
export const paymentTokenParam = "token";

/** The free plan's product ID (wire-contract §10). */
export const freeProductID = "free";

/** The query parameter a page returning to the gallery sets when the user's plan is in place. */
export const purchaseStatusParam = "status";
export const purchaseSucceeded = "success";

/** Whether the user's plan is one the server's administrator granted (not the free plan). */
export const hasGrantedPlan = (productID: string): boolean =>
  productID !== "" && productID !== freeProductID;

/**
 * Where "Back to Cairn" goes: the `redirectURL` the gallery gave, only when
 * it is a page of the photos app (never another site), else the gallery;
 * with `status=success` when the user has a granted plan, so the gallery
 * shows the plan's dialog with its expiry date.
 */
export const returnURL = (
  redirectURL: string | null,
  photosOrigin: string,
  planGranted: boolean,
): string => {
  const fallback = new URL("/gallery", photosOrigin);
  let target = fallback;
  if (redirectURL !== null) {
    try {
      const asked = new URL(redirectURL);
      if (asked.origin === fallback.origin) target = asked;
    } catch {
      // Not a URL: the gallery.
    }
  }
  if (planGranted) target.searchParams.set(purchaseStatusParam, purchaseSucceeded);
  return target.toString();
};
