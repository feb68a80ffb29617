import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { log } from "../log/log";
import "../styles/global-styles";
import type { AppDefinition } from "./app-definition";
import { CairnApp } from "./CairnApp";

/** Mount `app` into the page's `#root`. Called by each app's entry module. */
export function startApp(app: AppDefinition): void {
  window.addEventListener("error", (event) => {
    log.error("Unhandled error", event.error ?? event.message);
  });
  window.addEventListener("unhandledrejection", (event) => {
    log.error("Unhandled promise rejection", event.reason);
  });

  const container = document.getElementById("root");
  if (!container) throw new Error("The page has no #root element");
  createRoot(container).render(
    <StrictMode>
      <CairnApp app={app} />
    </StrictMode>,
  );
}
