import type { RouteObject } from "react-router";
import { Outlet } from "react-router";
import { accountScreenFor } from "../account-screens/screens";
import { SessionResumeGate } from "../account-screens/session/SessionResumeGate";
import { LandingPage } from "../pages/LandingPage";
import { NotFoundPage } from "../pages/NotFoundPage";
import { RouteTitlePage } from "../pages/RouteTitlePage";
import { RouteGuard } from "../routing/RouteGuard";
import { AppShell } from "../shell/AppShell";
import type { AppDefinition } from "./app-definition";

/**
 * The react-router routes of `app`: its route table inside the app shell,
 * once the account service has resumed the tab's session. A route whose
 * screen is not built yet shows its title and says it is not available yet.
 */
export function appRoutes(app: AppDefinition): RouteObject[] {
  return [
    {
      element: <AppShell />,
      children: [
        {
          element: (
            <SessionResumeGate>
              <Outlet />
            </SessionResumeGate>
          ),
          children: [
            { index: true, element: <LandingPage /> },
            ...app.routes.map(({ path, titleId, access, screen, nested }) => {
              const Screen = screen ?? accountScreenFor(app.name, path);
              return {
                path: nested === true ? `${path}/*` : path,
                element: (
                  <RouteGuard access={access}>
                    {Screen ? <Screen /> : <RouteTitlePage titleId={titleId} />}
                  </RouteGuard>
                ),
              };
            }),
            { path: "*", element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ];
}
