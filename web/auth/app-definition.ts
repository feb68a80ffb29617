import type { AppDefinition } from "../common/app/app-definition";
import { accountRoutes } from "../common/routing/route-table";
import { AuthPage } from "./codes/AuthPage";

/** The auth app (spec §2: the common routes plus /auth, the authenticator codes). */
export const authApp: AppDefinition = {
  name: "auth",
  nameId: "app.auth.name",
  taglineId: "app.auth.tagline",
  routes: [
    ...accountRoutes,
    // The authenticator codes, end-to-end encrypted and synced.
    { path: "/auth", titleId: "route.auth", access: "needs-login", screen: AuthPage },
  ],
  landingActions: ["signup", "login"],
};
