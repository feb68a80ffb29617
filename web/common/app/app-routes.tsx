import type { RouteObject } from "react-router";
import { LandingPage } from "../pages/LandingPage";
import { NotFoundPage } from "../pages/NotFoundPage";
import { RouteTitlePage } from "../pages/RouteTitlePage";
import { RouteGuard } from "../routing/RouteGuard";
import { AppShell } from "../shell/AppShell";
import type { AppDefinition } from "./app-definition";

/** The react-router routes of `app`: its route table inside the app shell. */
export function appRoutes(app: AppDefinition): RouteObject[] {
  return [
    {
      element: <AppShell />,
      children: [
        { index: true, element: <LandingPage /> },
        ...app.routes.map(({ path, titleId, access }) => ({
          path,
          element: (
            <RouteGuard access={access}>
              <RouteTitlePage titleId={titleId} />
            </RouteGuard>
          ),
        })),
        { path: "*", element: <NotFoundPage /> },
      ],
    },
  ];
}
