import { useEffect, useState } from "react";
import { FormattedMessage } from "react-intl";
import { useNavigate } from "react-router";
import type { UserDetailsView } from "../../common/accounts/account-service";
import { accountErrorKind } from "../../common/account-screens/parts/account-error";
import { useAccountService } from "../../common/account-screens/parts/account-service-context";
import { DeleteAccountDialog } from "../../common/account-screens/settings/DeleteAccountDialog";
import { GallerySidebar } from "./sidebar/GallerySidebar";
import { accountsTokenParam } from "../../common/account-screens/passkeys/PasskeysPage";
import { useSessionExpiredDialog } from "../../common/account-screens/session/session-expired";
import { useMessageDialog } from "../../common/dialog/dialog-state";
import {
  useGalleryClient,
  useLibraryView,
  useUploadClient,
} from "../../common/library/library-state";
import { useRuntimeConfig } from "../../common/config/runtime-config-context";
import { log } from "../../common/log/log";
import { useDocumentTitle } from "../../common/shell/document-title";
import { fetchPaymentsPageURL } from "../payments/payments-link";
import { usePlanSuccessDialog } from "../payments/use-plan-success-dialog";
import { UploadClientContext } from "../upload/upload-client-context";
import { GalleryView } from "./GalleryView";
import "./gallery.css";
import { useDetailsFollowingLibrary } from "./sidebar/use-details-following-library";

/**
 * `/gallery`: the library beside the account sidebar. It starts the tab's
 * library sync; the library column (albums bar, the open view, selection
 * and viewer) is `GalleryView`. The sidebar holds the account.
 */
export function GalleryPage() {
  useDocumentTitle("route.gallery");
  const service = useAccountService();
  const { showErrorDialog } = useMessageDialog();
  const navigate = useNavigate();
  const showSessionExpired = useSessionExpiredDialog();
  const config = useRuntimeConfig();
  const [details, setDetails] = useState<UserDetailsView | undefined>();
  const [loggingOut, setLoggingOut] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const library = useLibraryView();
  const client = useGalleryClient();
  const uploadClient = useUploadClient();

  // Spec §4: the session is checked when the gallery starts; only a 401
  // makes it invalid. The details of the sidebar come with it.
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

  return (
    <div className={`cairn-gallery${sidebarOpen ? " cairn-gallery--sidebar-open" : ""}`}>
      <button
        type="button"
        className="cairn-gallery__menu"
        aria-expanded={sidebarOpen}
        onClick={() => {
          setSidebarOpen((open) => !open);
        }}
      >
        <FormattedMessage id="gallery.account" />
      </button>
      <GallerySidebar
        details={details}
        onOpenPasskeys={() => void openPasskeys()}
        onOpenPlans={() => void openPlans()}
        loggingOut={loggingOut}
        onLogout={() => void logout()}
        onDeleteAccount={() => {
          setDeleting(true);
        }}
      />
      <section className="cairn-gallery__content">
        <UploadClientContext value={uploadClient}>
          <GalleryView
            client={client}
            summaries={library.summaries}
            pushedSnapshot={library.view}
            status={library.status}
            libraryFileCount={library.summary?.fileCount}
            hiddenFileCount={library.summary?.hiddenFileCount}
          />
        </UploadClientContext>
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
  );
}
