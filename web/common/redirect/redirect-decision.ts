// [Note: The redirect query parameter]
//
// Any page of any app accepts `?redirect=<name>` (spec §2). The names are
// `roadmap` and `families`, both pages of the provider's web site. A logged-in
// user is sent there at once and the page they asked for is not shown. A
// logged-out user is first asked to log in: the redirect is held (in session
// storage, see `pending-redirect.ts`) and the login flow follows it afterwards.
// Any other name is an error the user sees: 'invalid redirection {value}'.
//
// The family page needs a fresh families token, which only a logged-in user
// can get (See: [Note: The family page is opened with a families token]). So
// a `go` to `families` is a families-token call first (`RedirectGate`), and a
// held `families` redirect is the photos gallery with `?redirect=families`:
// once logged in, the user lands there and the gate makes that call.

import type { RuntimeConfig } from "../config/runtime-config";
import { familiesPortalURL, familiesReturnPath } from "./families-portal";

export const redirectTargets = ["roadmap", "families"] as const;
export type RedirectTarget = (typeof redirectTargets)[number];

export type RedirectDecision =
  | { kind: "none" }
  | { kind: "go"; target: RedirectTarget; url: string }
  | { kind: "hold"; target: RedirectTarget; url: string }
  | { kind: "invalid"; value: string };

const isRedirectTarget = (value: string): value is RedirectTarget =>
  (redirectTargets as readonly string[]).includes(value);

/**
 * The provider page a redirect target leads to. For `families`, the page
 * without its token: `RedirectGate` adds a fresh one before leaving.
 */
export function redirectUrlFor(
  target: RedirectTarget,
  config: Pick<RuntimeConfig, "roadmapUrl" | "familiesUrl" | "apps">,
): string {
  switch (target) {
    case "roadmap":
      return config.roadmapUrl;
    case "families":
      return familiesPortalURL({ familyUrl: config.familiesUrl, photosURL: config.apps.photos });
  }
}

/**
 * Where the login flow goes for a held redirect: the roadmap itself, but for
 * `families` the photos gallery asking for it again once logged in (the
 * token needs the session). See: [Note: The redirect query parameter]
 */
export function heldRedirectUrlFor(
  target: RedirectTarget,
  config: Pick<RuntimeConfig, "roadmapUrl" | "apps">,
): string {
  if (target === "roadmap") return config.roadmapUrl;
  const url = new URL(familiesReturnPath, config.apps.photos);
  url.searchParams.set("redirect", target);
  return url.toString();
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
  if (isLoggedIn) return { kind: "go", target: value, url: redirectUrlFor(value, config) };
  return { kind: "hold", target: value, url: heldRedirectUrlFor(value, config) };
}
