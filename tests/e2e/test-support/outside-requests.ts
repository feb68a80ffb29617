// No network but the test's Cairn: every request a page sends anywhere else
// is refused as if offline, and recorded for the test to check.

import type { BrowserContext } from "playwright-core";

/** Refuses requests beyond `urls`' origins in `context`; answers the list of those refused (filled as they come). */
export const refuseOutsideRequests = async (
  context: BrowserContext,
  urls: Record<string, string>,
): Promise<string[]> => {
  const refused: string[] = [];
  const local = new Set(Object.values(urls).map((url) => new URL(url).origin));
  await context.route("**/*", async (route) => {
    const url = new URL(route.request().url());
    if (local.has(url.origin) || url.protocol === "blob:" || url.protocol === "data:") {
      await route.fallback();
      return;
    }
    refused.push(url.toString());
    await route.abort("internetdisconnected");
  });
  return refused;
};
