import { useEffect, useMemo, useState } from "react";
import { Navigate, useLocation, useNavigate, useSearchParams } from "react-router";
import type { UserDetailsView } from "../../common/accounts/account-service";
import { accountErrorKind } from "../../common/account-screens/parts/account-error";
import { useAccountService } from "../../common/account-screens/parts/account-service-context";
import { DeleteAccountDialog } from "../../common/account-screens/settings/DeleteAccountDialog";
import { accountsTokenParam } from "../../common/account-screens/passkeys/PasskeysPage";
import { useSessionExpiredDialog } from "../../common/account-screens/session/session-expired";
import { useMessageDialog } from "../../common/dialog/dialog-state";
import {
  useGalleryClient,
  useLibraryView,
  usePeopleClient,
  useSearchClient,
  useUploadClient,
} from "../../common/library/library-state";
import { useRuntimeConfig } from "../../common/config/runtime-config-context";
import { log } from "../../common/log/log";
import { useDocumentTitle } from "../../common/shell/document-title";
import { fetchPaymentsPageURL } from "../payments/payments-link";
import { usePlanSuccessDialog } from "../payments/use-plan-success-dialog";
import { UploadClientContext } from "../upload/upload-client-context";
import type { MessageId } from "../../common/i18n/messages";
import { SettingsPage } from "./account/SettingsPage";
import { useDetailsFollowingLibrary } from "./account/use-details-following-library";
import { AlbumsPage } from "./albums/AlbumsPage";
import { MapPage } from "../map/MapPage";
import { PeoplePage } from "../people/PeoplePage";
import { PeopleClientContext } from "../people/people-client-context";
import { useFaceIndexingFollowsAccount } from "../people/use-face-indexing-setting";
import { viewIDFromSearch } from "./gallery-url";
import { GalleryView } from "./GalleryView";
import { hiddenLock } from "./hidden/hidden-lock";
import { GalleryNav } from "./navigation/GalleryNav";
import { galleryPageOfPath, galleryPagePath, type GalleryPageID } from "./navigation/gallery-pages";
import { currentPlace, navEntries } from "./navigation/nav-entries";
import { SharingPage } from "./sharing/SharingPage";
import { useShareAnnouncements } from "./sharing/use-share-announcements";
import { ThumbnailStore } from "./thumbnails/thumbnail-store";
import { useIndexingStatus } from "./search/use-indexing-status";
import { useDesktopExportConnection } from "../export/use-export-controller";
import "./gallery.css";

const pageTitles: Record<GalleryPageID, MessageId> = {
  timeline: "route.gallery",
  albums: "gallery.nav.albums",
  sharing: "gallery.nav.sharing",
  people: "gallery.nav.people",
  map: "gallery.nav.map",
  settings: "gallery.nav.settings",
};

/**
 * `/gallery` and its pages: the navigation beside the open page, which is
 * the timeline (`GalleryView`: albums bar, the open view, selection and
 * viewer), the albums, the sharing or the settings. The account's details
 * (storage, plan, security) are loaded here for the navigation's storage
 * card and the settings page.
 */
export function GalleryPage() {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const page = galleryPageOfPath(location.pathname);
  useDocumentTitle(pageTitles[page ?? "timeline"]);
  const service = useAccountService();
  const { showErrorDialog } = useMessageDialog();
  const navigate = useNavigate();
  const showSessionExpired = useSessionExpiredDialog();
  const config = useRuntimeConfig();
  const [details, setDetails] = useState<UserDetailsView | undefined>();
  const [loggingOut, setLoggingOut] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const library = useLibraryView();
  const client = useGalleryClient();
  const uploadClient = useUploadClient();
  const searchClient = useSearchClient();
  const peopleClient = usePeopleClient();
  useFaceIndexingFollowsAccount(peopleClient);
  // See: [Note: The export runs in a utility process]
  useDesktopExportConnection(window.electron, client !== undefined);
  const indexing = useIndexingStatus(searchClient);

  // One store for every page, so covers and tiles are not fetched again
  // when moving between the timeline and the albums.
  const thumbnails = useMemo(
    () => (client === undefined ? undefined : new ThumbnailStore(client)),
    [client],
  );
  useEffect(
    () => () => {
      thumbnails?.dispose();
    },
    [thumbnails],
  );
  // Leaving the gallery (a logout, an expired session) locks the hidden section at once.
  useEffect(
    () => () => {
      hiddenLock.lock();
    },
    [],
  );

  // Spec §4: the session is checked when the gallery starts; only a 401
  // makes it invalid. The details of the navigation and settings come with it.
  useEffect(() => {
    let current = true;
    const start = async () => {
      if ((await service.checkSessionValidity()) === "invalid") {
        if (current) showSessionExpired();
        return;
      }
      const loaded = await service.userDetails();
      if (current) setDetails(loaded);
    };
    start().catch((e: unknown) => {
      if (!current) return;
      if (accountErrorKind(e, "other") === "session-expired") showSessionExpired();
      else log.error("Could not load the account details", e);
    });
    return () => {
      current = false;
    };
  }, [service, showSessionExpired]);

  useDetailsFollowingLibrary(library.summary, () => service.userDetails(), setDetails);
  useShareAnnouncements(library.summaries, library.status?.state === "up-to-date");
  usePlanSuccessDialog(details);

  // Plans are explained on Cairn's payments page, opened with a payment token.
  const openPlans = async () => {
    try {
      window.location.assign(
        await fetchPaymentsPageURL({ apiOrigin: config.apiOrigin, photosURL: config.apps.photos }),
      );
    } catch (e) {
      if (accountErrorKind(e, "other") === "session-expired") showSessionExpired();
      else {
        log.error("Could not open the plans", e);
        showErrorDialog();
      }
    }
  };

  // The accounts app manages passkeys with an ACCOUNTS JWT handed over in
  // the URL; it takes the token out of the address bar at once.
  const openPasskeys = async () => {
    try {
      const { accountsToken, accountsUrl } = await service.fetchAccountsToken();
      const url = new URL("/passkeys", accountsUrl);
      url.searchParams.set(accountsTokenParam, accountsToken);
      window.location.assign(url.toString());
    } catch (e) {
      if (accountErrorKind(e, "other") === "session-expired") showSessionExpired();
      else {
        log.error("Could not open the passkeys", e);
        showErrorDialog();
      }
    }
  };

  const logout = async () => {
    setLoggingOut(true);
    try {
      await service.logout();
    } catch (e) {
      log.error("Logout failed", e);
    }
    // Spec §2: the root route is where a logout lands.
    void navigate("/", { replace: true });
  };

  // An address under /gallery that is no page goes to the timeline.
  if (page === undefined) return <Navigate to={galleryPagePath("timeline")} replace />;

  const summaries = library.summaries;
  const hiddenFileCount = library.summary?.hiddenFileCount;
  const openPage = () => {
    switch (page) {
      case "timeline":
        return (
          <UploadClientContext value={uploadClient}>
            <GalleryView
              client={client}
              searchClient={searchClient}
              thumbnails={thumbnails}
              summaries={summaries}
              pushedSnapshot={library.view}
              status={library.status}
              libraryFileCount={library.summary?.fileCount}
              hiddenFileCount={hiddenFileCount}
            />
          </UploadClientContext>
        );
      case "albums":
        return (
          thumbnails !== undefined && (
            <AlbumsPage
              summaries={summaries}
              hiddenFileCount={hiddenFileCount}
              thumbnails={thumbnails}
            />
          )
        );
      case "sharing":
        return (
          thumbnails !== undefined && <SharingPage summaries={summaries} thumbnails={thumbnails} />
        );
      case "people":
        return <PeoplePage client={peopleClient} libraryVersion={library.summary} />;
      case "map":
        return (
          thumbnails !== undefined && (
            <MapPage
              summaries={summaries}
              thumbnails={thumbnails}
              libraryVersion={library.summary}
            />
          )
        );
      case "settings":
        return (
          <SettingsPage
            details={details}
            searchClient={searchClient}
            indexing={indexing}
            onOpenPasskeys={() => void openPasskeys()}
            onOpenPlans={() => void openPlans()}
            loggingOut={loggingOut}
            onLogout={() => void logout()}
            onDeleteAccount={() => {
              setDeleting(true);
            }}
          />
        );
    }
  };

  return (
    <PeopleClientContext value={peopleClient}>
      <div className="cairn-gallery" data-page={page}>
        <GalleryNav
          entries={navEntries(summaries ?? [], hiddenFileCount)}
          current={currentPlace(page, viewIDFromSearch(searchParams), summaries ?? [])}
          details={details}
          indexing={indexing}
        />
        <section
          className={`cairn-gallery__content${page === "timeline" || page === "map" ? "" : " cairn-gallery__content--page"}`}
        >
          {openPage()}
        </section>
        {deleting && (
          <DeleteAccountDialog
            onClose={() => {
              setDeleting(false);
            }}
            onDelete={async (reason) => {
              await service.deleteAccount(reason);
              setDeleting(false);
              void navigate("/", { replace: true });
            }}
          />
        )}
      </div>
    </PeopleClientContext>
  );
}
