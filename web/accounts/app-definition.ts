import type { AppDefinition } from "../common/app/app-definition";
import { accountRoutes } from "../common/routing/route-table";

/** The accounts app (spec §2, "Accounts app routes"): passkeys of a Cairn account. */
export const accountsApp: AppDefinition = {
  name: "accounts",
  nameId: "app.accounts.name",
  taglineId: "app.accounts.tagline",
  routes: [
    ...accountRoutes,
    // Public: a login's passkey step and the hand-over from the photos app
    // come without a login of this app; the page itself sends anyone else
    // to the root (see: [Note: Passkey login goes through the accounts app]).
    { path: "/passkeys", titleId: "route.passkeys", access: "public" },
  ],
  landingActions: ["login"],
};
