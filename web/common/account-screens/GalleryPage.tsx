import { useEffect, useState } from "react";
import { FormattedMessage } from "react-intl";
import { useNavigate } from "react-router";
import type { UserDetailsView } from "../accounts/account-service";
import { useMessageDialog } from "../dialog/dialog-state";
import { AlbumList } from "../library/AlbumList";
import { LibraryHeader } from "../library/LibraryHeader";
import { useLibraryView } from "../library/library-state";
import { log } from "../log/log";
import { useDocumentTitle } from "../shell/document-title";
import { accountErrorKind } from "./account-error";
import { useAccountService } from "./account-service-context";
import { DeleteAccountDialog } from "./DeleteAccountDialog";
import { GallerySidebar } from "./GallerySidebar";
import { accountsTokenParam } from "./PasskeysPage";
import { useSessionExpiredDialog } from "./session-expired";
import "./gallery.css";
import "../library/library.css";

/**
 * `/gallery`: the library frame. It starts the tab's library sync and shows
 * the library's size, sync state and albums; the grid of files comes with
 * issue 5. The empty state shows while the library has no files. The sidebar
 * holds the account.
 */
export function GalleryPage() {
  useDocumentTitle("route.gallery");
  const service = useAccountService();
  const { showErrorDialog } = useMessageDialog();
  const navigate = useNavigate();
  const showSessionExpired = useSessionExpiredDialog();
  const [details, setDetails] = useState<UserDetailsView | undefined>();
  const [loggingOut, setLoggingOut] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const library = useLibraryView();

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
        library={<AlbumList summary={library.summary} />}
        onOpenPasskeys={() => void openPasskeys()}
        loggingOut={loggingOut}
        onLogout={() => void logout()}
        onDeleteAccount={() => {
          setDeleting(true);
        }}
      />
      <section className="cairn-gallery__content" aria-labelledby="cairn-gallery-empty">
        <LibraryHeader view={library} />
        <div className="cairn-gallery__empty" hidden={(library.summary?.fileCount ?? 0) > 0}>
          <div className="cairn-gallery__empty-art" aria-hidden="true">
            <span />
            <span />
            <span />
          </div>
          <h1 id="cairn-gallery-empty" className="cairn-gallery__title">
            <FormattedMessage id="gallery.empty.title" />
          </h1>
          <p className="cairn-gallery__text">
            <FormattedMessage id="gallery.empty.text" />
          </p>
        </div>
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
