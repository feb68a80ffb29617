import type { AppDefinition } from "../common/app/app-definition";
import { accountRoutes } from "../common/routing/route-table";

/** The accounts app (spec §2, "Accounts app routes"): passkeys of a Cairn account. */
export const accountsApp: AppDefinition = {
  name: "accounts",
  nameId: "app.accounts.name",
  taglineId: "app.accounts.tagline",
  routes: [
    ...accountRoutes,
    { path: "/passkeys", titleId: "route.passkeys", access: "needs-login" },
  ],
  landingActions: ["login"],
};
