import type { AppDefinition } from "../common/app/app-definition";
import { accountRoutes } from "../common/routing/route-table";

/** The photos app (spec §2, "Photos app routes"). */
export const photosApp: AppDefinition = {
  name: "photos",
  nameId: "app.photos.name",
  taglineId: "app.photos.tagline",
  routes: [
    ...accountRoutes,
    { path: "/change-email", titleId: "route.changeEmail", access: "needs-login" },
    { path: "/change-password", titleId: "route.changePassword", access: "needs-login" },
    { path: "/gallery", titleId: "route.gallery", access: "needs-login" },
    { path: "/deduplicate", titleId: "route.deduplicate", access: "needs-login" },
    // Public albums are opened by anyone holding the link.
    { path: "/shared-albums", titleId: "route.sharedAlbums", access: "public" },
  ],
  landingActions: ["signup", "login"],
};
