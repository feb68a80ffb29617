// Requests held back in the browser, as a slow network frozen at a known
// point: what the page shows meanwhile can be looked at, then the requests
// go on. Routes cover the page's context, its workers' requests included.

import type { Page, Route } from "playwright-core";

export interface HeldRequests {
  /** Settles when the first held request has arrived. */
  arrived: Promise<void>;
  /** Lets every held request (and every later one) go on. */
  release: () => void;
  /** Removes the route for good. */
  stop: () => Promise<void>;
}

/**
 * Holds `page`'s requests whose URL `matches`, after letting the first
 * `passing` of them through, until `release`; with `times`, only that many
 * matching requests are routed at all.
 */
export const holdRequests = async (
  page: Page,
  matches: (url: URL) => boolean,
  { passing = 0, times }: { passing?: number; times?: number } = {},
): Promise<HeldRequests> => {
  // The executors run at once: both resolvers are set before they are used.
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let arrive: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  let seen = 0;
  const handler = async (route: Route) => {
    seen += 1;
    if (seen > passing) {
      arrive();
      await released;
    }
    // The page may have given the request up meanwhile (a cancelled upload).
    await route.continue().catch(() => undefined);
  };
  await page.context().route(matches, handler, times === undefined ? undefined : { times });
  return { arrived, release, stop: () => page.context().unroute(matches, handler) };
};
