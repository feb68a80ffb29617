import type { ReactNode } from "react";
import { Navigate } from "react-router";
import { isLoggedIn } from "../storage/local-store";
import { decideRouteAccess, rootPath, type RouteAccess } from "./route-table";

/** Renders `children` if the visitor may open the route, else sends them to the root. */
export function RouteGuard({ access, children }: { access: RouteAccess; children: ReactNode }) {
  if (decideRouteAccess(access, isLoggedIn()) === "send-to-root") {
    return <Navigate to={rootPath} replace />;
  }
  return children;
}
