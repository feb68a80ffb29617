import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { log } from "../log/log";
import { prestartAccountWorker } from "../workers/browser-account-worker";
import "../styles/global-styles";
import type { AppDefinition } from "./app-definition";
import { CairnApp, loadTabRuntimeConfig } from "./CairnApp";

// [Note: The account worker starts with the page]
//
// Every app asks for the runtime configuration and then, at its first
// render with it, creates the tab's account service over a new account
// worker, which a reload needs before anything else: it reopens the
// session's master key, and the library's workers wait for its keyring.
// Both used to begin only after the page's bundle had evaluated and React
// had committed its first render (the configuration's fetch is an effect),
// so at a reload of the gallery the account worker began compiling its
// module about 450 ms after the navigation, and the sync worker, ready
// long before, waited for its `open` until then. So the entry asks for
// the configuration and starts the account worker before it renders; the
// app takes both (a retry after a failure fetches again).

/** Mount `app` into the page's `#root`. Called by each app's entry module. */
export function startApp(app: AppDefinition): void {
  window.addEventListener("error", (event) => {
    log.error("Unhandled error", event.error ?? event.message);
  });
  window.addEventListener("unhandledrejection", (event) => {
    log.error("Unhandled promise rejection", event.reason);
  });

  // See: [Note: The account worker starts with the page]
  const runtimeConfig = loadTabRuntimeConfig(globalThis.fetch.bind(globalThis));
  // The app handles a failure; this only keeps it from counting as unhandled meanwhile.
  runtimeConfig.catch(() => undefined);
  prestartAccountWorker();

  const container = document.getElementById("root");
  if (!container) throw new Error("The page has no #root element");
  createRoot(container).render(
    <StrictMode>
      <CairnApp app={app} runtimeConfig={runtimeConfig} />
    </StrictMode>,
  );
}
