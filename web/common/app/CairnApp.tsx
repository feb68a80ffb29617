import { useAtomValue } from "jotai";
import { useEffect, useLayoutEffect, useMemo, useState } from "react";
import { FormattedMessage } from "react-intl";
import { createBrowserRouter, RouterProvider } from "react-router";
import { loadRuntimeConfig, type RuntimeConfig } from "../config/runtime-config";
import { RuntimeConfigContext } from "../config/runtime-config-context";
import { MessageDialog } from "../dialog/MessageDialog";
import { I18nProvider, useI18nStatus } from "../i18n/I18nProvider";
import { log } from "../log/log";
import { useDocumentTitle } from "../shell/document-title";
import { FullScreenLoader } from "../shell/FullScreenLoader";
import { localStore } from "../storage/local-store";
import { applyTheme, settlePageTransitions, themeAtom } from "../theme/theme-state";
import { AccountServiceContext } from "../account-screens/parts/account-service-context";
import type { AccountService } from "../accounts/account-service";
import { AppDefinitionContext, useAppDefinition, type AppDefinition } from "./app-definition";
import { appRoutes } from "./app-routes";
import { browserAccountService } from "./browser-account-service";

export interface CairnAppProps {
  app: AppDefinition;
  /** How to fetch the runtime configuration; the browser's fetch unless a test injects one. */
  fetch?: typeof globalThis.fetch;
  /** The account service; the tab's own (see `browserAccountService`) unless a test injects one. */
  accountService?: AccountService;
  /**
   * The runtime configuration already asked for by the page's entry, used by
   * the first attempt (a retry fetches again); fetched at the first render
   * when absent. See: [Note: The account worker starts with the page]
   */
  runtimeConfig?: Promise<RuntimeConfig>;
}

/**
 * One web app: the theme and the language first, then the runtime
 * configuration (see: [Note: Runtime config of the web apps]); the routes
 * render only once both are there, with the full-screen loader until then.
 */
export function CairnApp({
  app,
  fetch = globalThis.fetch.bind(globalThis),
  accountService,
  runtimeConfig,
}: CairnAppProps) {
  const theme = useAtomValue(themeAtom);
  useLayoutEffect(() => {
    applyTheme(theme);
  }, [theme]);
  useEffect(() => {
    settlePageTransitions();
  }, []);

  return (
    <AppDefinitionContext value={app}>
      <I18nProvider>
        <ConfiguredApp
          fetch={fetch}
          accountService={accountService}
          runtimeConfig={runtimeConfig}
        />
      </I18nProvider>
    </AppDefinitionContext>
  );
}

/** The runtime configuration for this tab: fetched, with local storage's `apiEndpoint` override applied. */
export const loadTabRuntimeConfig = (fetch: typeof globalThis.fetch): Promise<RuntimeConfig> =>
  loadRuntimeConfig({ fetch, apiEndpoint: localStore.get("apiEndpoint") });

type ConfigState =
  { kind: "loading" } | { kind: "ready"; config: RuntimeConfig } | { kind: "failed" };

function ConfiguredApp({
  fetch,
  accountService,
  runtimeConfig,
}: {
  fetch: typeof globalThis.fetch;
  accountService: AccountService | undefined;
  runtimeConfig: Promise<RuntimeConfig> | undefined;
}) {
  const app = useAppDefinition();
  const { ready: i18nReady } = useI18nStatus();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<ConfigState>({ kind: "loading" });
  useDocumentTitle(undefined);

  useEffect(() => {
    let current = true;
    const loading =
      attempt === 0 && runtimeConfig !== undefined ? runtimeConfig : loadTabRuntimeConfig(fetch);
    loading.then(
      (config) => {
        if (current) setState({ kind: "ready", config });
      },
      (e: unknown) => {
        log.error("Could not load the runtime configuration", e);
        if (current) setState({ kind: "failed" });
      },
    );
    return () => {
      current = false;
    };
  }, [fetch, attempt, runtimeConfig]);

  if (!i18nReady || state.kind === "loading") return <FullScreenLoader />;
  if (state.kind === "failed") {
    return (
      <MessageDialog
        attributes={{
          title: <FormattedMessage id="error.title" />,
          message: <FormattedMessage id="error.configUnavailable" />,
          // Nothing works without the configuration; the only way on is to retry.
          closable: false,
          proceed: { label: <FormattedMessage id="action.retry" />, variant: "accent" },
        }}
        onClose={() => {
          setState({ kind: "loading" });
          setAttempt((n) => n + 1);
        }}
      />
    );
  }
  return (
    <RuntimeConfigContext value={state.config}>
      <AccountServiceContext
        value={accountService ?? browserAccountService(state.config, app.name)}
      >
        <AppRouter />
      </AccountServiceContext>
    </RuntimeConfigContext>
  );
}

function AppRouter() {
  const app = useAppDefinition();
  const router = useMemo(() => createBrowserRouter(appRoutes(app)), [app]);
  return <RouterProvider router={router} />;
}
