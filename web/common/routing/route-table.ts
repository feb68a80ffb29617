// Route tables: every route an app registers (spec §2), the title a person
// sees on it, and who may open it.

import type { ComponentType } from "react";
import type { MessageId } from "../i18n/messages";

/**
 * `public`: anyone. `needs-login`: only a logged-in user (a token in local
 * storage, spec §4); anyone else is sent to the app's root route, which is
 * also where a logout lands (spec §2).
 */
export type RouteAccess = "public" | "needs-login";

export interface RouteSpec {
  path: string;
  titleId: MessageId;
  access: RouteAccess;
  /** The route's screen, when the app brings its own (else the account screens', else its title). */
  screen?: ComponentType | undefined;
  /**
   * The screen also answers the addresses under `path` (`/gallery/albums`)
   * and routes them itself: one screen, so moving between them keeps its state.
   */
  nested?: boolean | undefined;
}

export type RouteAccessDecision = "render" | "send-to-root";

export const decideRouteAccess = (access: RouteAccess, isLoggedIn: boolean): RouteAccessDecision =>
  access === "needs-login" && !isLoggedIn ? "send-to-root" : "render";

export const rootPath = "/";

/** The account routes all three apps have, besides their root. */
export const accountRoutes: readonly RouteSpec[] = [
  // Reached before the session token exists: the user is proving who they are.
  { path: "/login", titleId: "route.login", access: "public" },
  { path: "/signup", titleId: "route.signup", access: "public" },
  { path: "/verify", titleId: "route.verify", access: "public" },
  { path: "/credentials", titleId: "route.credentials", access: "public" },
  { path: "/recover", titleId: "route.recover", access: "public" },
  { path: "/two-factor/verify", titleId: "route.twoFactorVerify", access: "public" },
  { path: "/two-factor/recover", titleId: "route.twoFactorRecover", access: "public" },
  // Reached with a token: creating keys after sign-up, and account settings.
  { path: "/generate", titleId: "route.generate", access: "needs-login" },
  { path: "/two-factor/setup", titleId: "route.twoFactorSetup", access: "needs-login" },
];
