// What makes each of the three web apps itself: its name, its route table
// and its landing page. `web/<app>/app-definition.ts` defines one each.

import { createContext, useContext } from "react";
import type { MessageId } from "../i18n/messages";
import type { RouteSpec } from "../routing/route-table";
import type { WebAppName } from "./app-names";

/** A button of the landing page. */
export type LandingAction = "signup" | "login";

export interface AppDefinition {
  name: WebAppName;
  /** The product name, e.g. "Cairn Photos"; also the page title. */
  nameId: MessageId;
  /** One line under the name on the landing page. */
  taglineId: MessageId;
  /** Every route except the root, which is always the landing page. */
  routes: readonly RouteSpec[];
  landingActions: readonly LandingAction[];
}

export const AppDefinitionContext = createContext<AppDefinition | undefined>(undefined);

export function useAppDefinition(): AppDefinition {
  const app = useContext(AppDefinitionContext);
  if (!app) throw new Error("useAppDefinition outside of an AppDefinitionContext");
  return app;
}
