import { useAtomValue } from "jotai";
import { Suspense, useEffect, useRef } from "react";
import { Outlet, useLocation } from "react-router";
import { DialogHost } from "../dialog/DialogHost";
import { useI18nStatus } from "../i18n/I18nProvider";
import { RedirectGate } from "../redirect/RedirectGate";
import { useDesktopShell } from "./desktop-shell";
import { FullScreenLoader } from "./FullScreenLoader";
import { routeChangeCompletionDelayMs, useLoadingBar } from "./loading-bar";
import { NavBar } from "./NavBar";
import { navBarVisibleAtom } from "./nav-bar-state";
import { OfflineBanner } from "./OfflineBanner";
import { Toast } from "./Toast";
import { TopLoadingBar } from "./TopLoadingBar";
import "./shell.css";

/**
 * The frame around every screen of every app (spec §2): loading bar, nav bar,
 * offline banner, the screen itself, the message dialog and the toast; in
 * the desktop app, its deep links and update offers.
 */
export function AppShell() {
  const navBarVisible = useAtomValue(navBarVisibleAtom);
  useRouteChangeLoadingBar();
  useLanguageSwitchLoadingBar();
  useDesktopShell();
  return (
    <div className="cairn-shell">
      <TopLoadingBar />
      {navBarVisible && <NavBar />}
      <OfflineBanner />
      <main className="cairn-shell__main">
        <Suspense fallback={<FullScreenLoader />}>
          <RedirectGate>
            <Outlet />
          </RedirectGate>
        </Suspense>
      </main>
      <DialogHost />
      <Toast />
    </div>
  );
}

/** Run the top loading bar on every route change. */
function useRouteChangeLoadingBar() {
  const { key } = useLocation();
  const { start, complete } = useLoadingBar();
  useEffect(() => {
    start();
    const timer = setTimeout(complete, routeChangeCompletionDelayMs);
    return () => {
      clearTimeout(timer);
    };
  }, [key, start, complete]);
}

/** Run the top loading bar while a newly chosen language loads. */
function useLanguageSwitchLoadingBar() {
  const { switching } = useI18nStatus();
  const { start, complete } = useLoadingBar();
  const wasSwitching = useRef(false);
  useEffect(() => {
    if (switching === wasSwitching.current) return;
    wasSwitching.current = switching;
    if (switching) start();
    else complete();
  }, [switching, start, complete]);
}
