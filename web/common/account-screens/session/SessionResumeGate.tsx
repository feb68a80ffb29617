import { useEffect, useRef, useState, type ReactNode } from "react";
import { useLocation, useNavigate } from "react-router";
import { useAppDefinition } from "../../app/app-definition";
import { log } from "../../log/log";
import { accountRoutes } from "../../routing/route-table";
import { FullScreenLoader } from "../../shell/FullScreenLoader";
import { useAccountService } from "../parts/account-service-context";
import { resumeRedirect } from "./session-resume";

/**
 * At start-up, lets the account service reopen this tab's session (the
 * master key kept across a reload), then sends a tab that cannot use its
 * first route yet to the login step it needs. The routes show once this is
 * known; later navigation is the login flow's own.
 */
export function SessionResumeGate({ children }: { children: ReactNode }) {
  const service = useAccountService();
  const app = useAppDefinition();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // The route the tab started on: the only one judged here.
  const firstPath = useRef(pathname);
  const [resumed, setResumed] = useState(false);

  useEffect(() => {
    let current = true;
    const path = firstPath.current;
    const access = [...accountRoutes, ...app.routes].find((route) => route.path === path)?.access;
    service.resumeSession().then(
      (session) => {
        if (!current) return;
        const redirect = resumeRedirect(session, path, access);
        if (redirect !== undefined) void navigate(redirect, { replace: true });
        // Spec §9: a logged-in tab fetches the remote feature flags 2000 ms after start.
        if (session.kind === "logged-in") service.scheduleFeatureFlagsPull();
        setResumed(true);
      },
      (e: unknown) => {
        // The routes' own guards still apply; the screens report what fails next.
        log.error("Could not resume the session", e);
        if (current) setResumed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [service, app.routes, navigate]);

  return resumed ? children : <FullScreenLoader />;
}
