import type { AppDefinition } from "../common/app/app-definition";
import { accountRoutes } from "../common/routing/route-table";

/** The auth app (spec §2: the common routes plus /auth, the authenticator codes). */
export const authApp: AppDefinition = {
  name: "auth",
  nameId: "app.auth.name",
  taglineId: "app.auth.tagline",
  routes: [
    ...accountRoutes,
    // The authenticator codes are built with the auth app; until then this page says so.
    { path: "/auth", titleId: "route.auth", access: "needs-login" },
  ],
  landingActions: ["signup", "login"],
};
