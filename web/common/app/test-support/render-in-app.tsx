// Test support: render routes of an app inside the real shell, with the
// providers the app's bootstrap would set up (jotai, i18n, runtime config).

import { render, type RenderResult } from "@testing-library/react";
import { createStore, Provider as JotaiProvider } from "jotai";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { AppDefinitionContext, type AppDefinition } from "../app-definition";
import { appRoutes } from "../app-routes";
import type { RuntimeConfig } from "../../config/runtime-config";
import { RuntimeConfigContext } from "../../config/runtime-config-context";
import { I18nProvider } from "../../i18n/I18nProvider";
import { accountRoutes } from "../../routing/route-table";
// Test support may reach into an app: the test app's gallery is the photos app's.
import { galleryRoute } from "../../../photos/app-definition";

export const testConfig: RuntimeConfig = {
  apiOrigin: "http://localhost:8080",
  apps: {
    photos: "http://localhost:3000",
    accounts: "http://localhost:3001",
    auth: "http://localhost:3002",
  },
  roadmapUrl: "https://roadmap.cairn.example/",
  familiesUrl: "https://family.cairn.example/",
};

export const testApp: AppDefinition = {
  name: "photos",
  nameId: "app.photos.name",
  taglineId: "app.photos.tagline",
  routes: [...accountRoutes, galleryRoute],
  landingActions: ["signup", "login"],
};

/** The providers of a running app around `children`. */
export function AppProviders({
  children,
  app = testApp,
  store = createStore(),
}: {
  children: ReactNode;
  app?: AppDefinition;
  store?: ReturnType<typeof createStore>;
}) {
  return (
    <JotaiProvider store={store}>
      <AppDefinitionContext value={app}>
        <I18nProvider>
          <RuntimeConfigContext value={testConfig}>{children}</RuntimeConfigContext>
        </I18nProvider>
      </AppDefinitionContext>
    </JotaiProvider>
  );
}

/** Render `app` (default: a photos-like test app) at `path`. */
export function renderInApp(
  path: string,
  app: AppDefinition = testApp,
): RenderResult & { router: ReturnType<typeof createMemoryRouter> } {
  const router = createMemoryRouter(appRoutes(app), { initialEntries: [path] });
  const result = render(
    <AppProviders app={app}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router };
}
