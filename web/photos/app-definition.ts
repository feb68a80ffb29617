import type { AppDefinition } from "../common/app/app-definition";
import { accountRoutes, type RouteSpec } from "../common/routing/route-table";
import { GalleryPage } from "./gallery/GalleryPage";

/** `/gallery`: the library (issue #5). Test apps reuse it. */
export const galleryRoute: RouteSpec = {
  path: "/gallery",
  titleId: "route.gallery",
  access: "needs-login",
  screen: GalleryPage,
};

/** The photos app (spec §2, "Photos app routes"). */
export const photosApp: AppDefinition = {
  name: "photos",
  nameId: "app.photos.name",
  taglineId: "app.photos.tagline",
  routes: [
    ...accountRoutes,
    { path: "/change-email", titleId: "route.changeEmail", access: "needs-login" },
    { path: "/change-password", titleId: "route.changePassword", access: "needs-login" },
    galleryRoute,
    { path: "/deduplicate", titleId: "route.deduplicate", access: "needs-login" },
    // Public albums are opened by anyone holding the link.
    { path: "/shared-albums", titleId: "route.sharedAlbums", access: "public" },
  ],
  landingActions: ["signup", "login"],
};
