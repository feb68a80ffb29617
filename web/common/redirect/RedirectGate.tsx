import { useEffect, useMemo, type ReactNode } from "react";
import { FormattedMessage } from "react-intl";
import { useLocation } from "react-router";
import type { FetchFunction } from "../../../shared/api/client";
import { useAppDefinition } from "../app/app-definition";
import { useRuntimeConfig } from "../config/runtime-config-context";
import { useMessageDialog } from "../dialog/dialog-state";
import { log } from "../log/log";
import { FullScreenLoader } from "../shell/FullScreenLoader";
import { isLoggedIn } from "../storage/local-store";
import { fetchFamiliesPortalURL } from "./families-portal";
import { holdRedirect } from "./pending-redirect";
import { decideRedirect } from "./redirect-decision";

export interface RedirectGateProps {
  children: ReactNode;
  /** Leaves the app for `url`; the browser's navigation unless a test injects one. */
  leavePage?: (url: string) => void;
  /** The families-token call's transport; the browser's unless a test injects one. */
  fetch?: FetchFunction;
}

const leaveForUrl = (url: string) => {
  window.location.assign(url);
};

/**
 * Acts on the `redirect` query parameter of every page.
 * See: [Note: The redirect query parameter]
 */
export function RedirectGate({ children, leavePage = leaveForUrl, fetch }: RedirectGateProps) {
  const { search } = useLocation();
  const config = useRuntimeConfig();
  const app = useAppDefinition();
  const { showErrorDialog } = useMessageDialog();

  const decision = useMemo(
    () => decideRedirect(new URLSearchParams(search).get("redirect"), isLoggedIn(), config),
    [search, config],
  );

  useEffect(() => {
    switch (decision.kind) {
      case "none":
        break;
      case "go":
        if (decision.target === "families") {
          // See: [Note: The family page is opened with a families token]
          fetchFamiliesPortalURL({
            apiOrigin: config.apiOrigin,
            app: app.name,
            photosURL: config.apps.photos,
            ...(fetch === undefined ? {} : { fetch }),
          })
            .then(leavePage)
            .catch((e: unknown) => {
              log.error("Could not open the family page", e);
              showErrorDialog();
            });
        } else {
          leavePage(decision.url);
        }
        break;
      case "hold":
        holdRedirect({ target: decision.target, url: decision.url });
        break;
      case "invalid":
        log.warn(`invalid redirection ${decision.value}`);
        showErrorDialog(
          <FormattedMessage id="error.invalidRedirection" values={{ value: decision.value }} />,
        );
        break;
    }
  }, [decision, leavePage, showErrorDialog, config, app.name, fetch]);

  // The user is on their way to the provider's page: the route they asked
  // for is not shown (the route change is aborted).
  if (decision.kind === "go") return <FullScreenLoader />;
  return children;
}
