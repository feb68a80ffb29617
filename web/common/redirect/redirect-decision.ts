// [Note: The redirect query parameter]
//
// Any page of any app accepts `?redirect=<name>` (spec §2). The names are
// `roadmap` and `families`, both pages of the provider's web site. A logged-in
// user is sent there at once and the page they asked for is not shown. A
// logged-out user is first asked to log in: the redirect is held (in session
// storage, see `pending-redirect.ts`) and the login flow follows it afterwards.
// Any other name is an error the user sees: 'invalid redirection {value}'.

import type { RuntimeConfig } from "../config/runtime-config";

export const redirectTargets = ["roadmap", "families"] as const;
export type RedirectTarget = (typeof redirectTargets)[number];

export type RedirectDecision =
  | { kind: "none" }
  | { kind: "go"; target: RedirectTarget; url: string }
  | { kind: "hold"; target: RedirectTarget; url: string }
  | { kind: "invalid"; value: string };

const isRedirectTarget = (value: string): value is RedirectTarget =>
  (redirectTargets as readonly string[]).includes(value);

/** The family portal returns the user to the photos gallery when done (spec §2). */
const familiesReturnPath = "/gallery";

/** The provider page a redirect target leads to. */
export function redirectUrlFor(
  target: RedirectTarget,
  config: Pick<RuntimeConfig, "roadmapUrl" | "familiesUrl" | "apps">,
): string {
  switch (target) {
    case "roadmap":
      return config.roadmapUrl;
    case "families": {
      const url = new URL(config.familiesUrl);
      // The parameter name the family portal of the Ente ecosystem reads.
      url.searchParams.set("redirectURL", `${config.apps.photos}${familiesReturnPath}`);
      return url.toString();
    }
  }
}

/**
 * What to do about the `redirect` query parameter of the page being opened.
 * See: [Note: The redirect query parameter]
 */
export function decideRedirect(
  value: string | null,
  isLoggedIn: boolean,
  config: Pick<RuntimeConfig, "roadmapUrl" | "familiesUrl" | "apps">,
): RedirectDecision {
  if (value === null || value === "") return { kind: "none" };
  if (!isRedirectTarget(value)) return { kind: "invalid", value };
  const url = redirectUrlFor(value, config);
  return isLoggedIn ? { kind: "go", target: value, url } : { kind: "hold", target: value, url };
}
