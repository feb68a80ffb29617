import { useEffect, useMemo, type ReactNode } from "react";
import { FormattedMessage } from "react-intl";
import { useLocation } from "react-router";
import { useRuntimeConfig } from "../config/runtime-config-context";
import { useMessageDialog } from "../dialog/dialog-state";
import { log } from "../log/log";
import { FullScreenLoader } from "../shell/FullScreenLoader";
import { isLoggedIn } from "../storage/local-store";
import { holdRedirect } from "./pending-redirect";
import { decideRedirect } from "./redirect-decision";

export interface RedirectGateProps {
  children: ReactNode;
  /** Leaves the app for `url`; the browser's navigation unless a test injects one. */
  leavePage?: (url: string) => void;
}

const leaveForUrl = (url: string) => {
  window.location.assign(url);
};

/**
 * Acts on the `redirect` query parameter of every page.
 * See: [Note: The redirect query parameter]
 */
export function RedirectGate({ children, leavePage = leaveForUrl }: RedirectGateProps) {
  const { search } = useLocation();
  const config = useRuntimeConfig();
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
        leavePage(decision.url);
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
  }, [decision, leavePage, showErrorDialog]);

  // The user is on their way to the provider's page: the route they asked
  // for is not shown (the route change is aborted).
  if (decision.kind === "go") return <FullScreenLoader />;
  return children;
}
