// Which pages may call a public link's API (wire-contract §9 step 7).

/**
 * [Note: A link's API answers only its album pages]
 *
 * A visitor's browser calls `/public-collection/*` from the page that shows
 * the album: the photos app's `/shared-albums`. A request whose `Origin`
 * is another site (a page embedding someone's link to pull its files
 * through the visitor's browser) is refused as the reference refuses it,
 * inside the subscription check and with its answer: 410 "no active
 * subscription". Allowed: no `Origin` (a native app, curl, a same-origin
 * GET), the photos app's own origin, and `http://localhost:<port>` (a
 * developer's build), as the reference allows it.
 */
export const linkOriginAllowed = (origin: string | undefined, photosURL: string): boolean => {
  if (origin === undefined || origin === "") return true;
  if (/^http:\/\/localhost(:\d{1,5})?$/.test(origin)) return true;
  try {
    return new URL(photosURL).origin === origin;
  } catch {
    return false;
  }
};
