import type { AppDefinition } from "../common/app/app-definition";
import { accountRoutes, type RouteSpec } from "../common/routing/route-table";
import { DeduplicatePage } from "./deduplicate/DeduplicatePage";
import { FamilyPage } from "./family/FamilyPage";
import { GalleryPage } from "./gallery/GalleryPage";
import { PaymentsPage } from "./payments/PaymentsPage";
import { SharedAlbumPage } from "./shared-albums/SharedAlbumPage";

/** `/gallery`: the library. Test apps reuse it. */
export const galleryRoute: RouteSpec = {
  path: "/gallery",
  titleId: "route.gallery",
  access: "needs-login",
  screen: GalleryPage,
  // Its pages (`/gallery/albums`, `/gallery/sharing`, `/gallery/settings`).
  nested: true,
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
    {
      path: "/deduplicate",
      titleId: "route.deduplicate",
      access: "needs-login",
      screen: DeduplicatePage,
    },
    // Reached with a families token or an invite token in its URL, not a
    // session. See: [Note: The family page is opened with a families token]
    { path: "/family", titleId: "route.family", access: "public", screen: FamilyPage },
    // Cairn's own payments page (spec §2's provider site), opened with the payment token.
    { path: "/payments", titleId: "route.payments", access: "needs-login", screen: PaymentsPage },
    // Public albums are opened by anyone holding the link.
    {
      path: "/shared-albums",
      titleId: "route.sharedAlbums",
      access: "public",
      screen: SharedAlbumPage,
    },
  ],
  landingActions: ["signup", "login"],
};
