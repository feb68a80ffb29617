// The redirect held until the user logs in. See: [Note: The redirect query parameter]
//
// It lives in session storage: it belongs to this tab and this visit, and it
// survives the full page loads between the login screens.

import { z } from "zod";
import { redirectTargets } from "./redirect-decision";

const pendingRedirectKey = "pendingRedirect";

const pendingRedirectSchema = z.object({
  target: z.enum(redirectTargets),
  url: z.url({ protocol: /^https?$/ }),
});

export type PendingRedirect = z.infer<typeof pendingRedirectSchema>;

const browserSessionStorage = (): Storage | undefined => {
  try {
    return typeof sessionStorage === "undefined" ? undefined : sessionStorage;
  } catch {
    // Storage forbidden by the browser's settings: nothing can be held.
    return undefined;
  }
};

/** Remember `redirect` until the user has logged in. */
export function holdRedirect(
  redirect: PendingRedirect,
  storage: Storage | undefined = browserSessionStorage(),
): void {
  try {
    storage?.setItem(pendingRedirectKey, JSON.stringify(redirect));
  } catch {
    // A full session storage loses the redirect; the user is still logged in normally.
  }
}

/** The held redirect, removed from storage so that it is followed only once. */
export function takePendingRedirect(
  storage: Storage | undefined = browserSessionStorage(),
): PendingRedirect | undefined {
  const raw = storage?.getItem(pendingRedirectKey) ?? null;
  if (raw === null) return undefined;
  storage?.removeItem(pendingRedirectKey);
  try {
    const parsed = pendingRedirectSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * For the login flow, once the user is logged in: leave for the held
 * redirect, if there is one. Returns whether the page is being left (the
 * caller then shows nothing more).
 */
export function followPendingRedirect(
  assign: (url: string) => void = (url) => {
    window.location.assign(url);
  },
  storage: Storage | undefined = browserSessionStorage(),
): boolean {
  const pending = takePendingRedirect(storage);
  if (!pending) return false;
  assign(pending.url);
  return true;
}
