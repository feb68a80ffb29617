import { useAtomValue } from "jotai";
import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import { IntlProvider } from "react-intl";
import { log } from "../log/log";
import { localStore } from "../storage/local-store";
import { localeAtom } from "./locale-state";
import { defaultLocale, localeInfo, matchSupportedLocale, type SupportedLocale } from "./locales";
import { fallbackCatalogue, loadCatalogue, type Catalogue } from "./messages";

interface LoadedLocale {
  /** The language asked for. */
  requested: SupportedLocale;
  /** The language of `messages`: the one asked for, or en-US if it failed to load. */
  locale: SupportedLocale;
  messages: Catalogue;
}

interface I18nStatus {
  /** The first catalogue has loaded: text can be shown in the user's language. */
  ready: boolean;
  /** A newly chosen language is still loading; the previous one is shown meanwhile. */
  switching: boolean;
}

const I18nStatusContext = createContext<I18nStatus>({ ready: false, switching: false });

export const useI18nStatus = (): I18nStatus => useContext(I18nStatusContext);

/**
 * Provides react-intl with the active language's catalogue, loading it on
 * demand, and keeps `<html lang dir>` in step with it. Until the first
 * catalogue arrives, en-US (bundled) is used so that a loader can be labelled.
 */
export function I18nProvider({ children }: { children: ReactNode }) {
  const locale = useAtomValue(localeAtom);
  const [loaded, setLoaded] = useState<LoadedLocale | undefined>(undefined);

  useEffect(() => {
    let current = true;
    loadCatalogue(locale).then(
      (messages) => {
        if (current) setLoaded({ requested: locale, locale, messages });
      },
      (e: unknown) => {
        // A catalogue chunk that fails to download (offline, a deploy replaced
        // it) must not leave the app without text.
        log.error(`Could not load the ${locale} catalogue, using ${defaultLocale}`, e);
        if (current) {
          setLoaded({ requested: locale, locale: defaultLocale, messages: fallbackCatalogue });
        }
      },
    );
    return () => {
      current = false;
    };
  }, [locale]);

  useEffect(() => {
    if (!loaded) return;
    const root = document.documentElement;
    root.lang = loaded.locale;
    root.dir = localeInfo[loaded.locale].dir;
    // A legacy short code (`fr`) that matched is rewritten as the full tag.
    const stored = localStore.get("locale");
    if (stored !== undefined && stored !== loaded.locale) {
      if (matchSupportedLocale(stored) === loaded.locale) localStore.set("locale", loaded.locale);
    }
  }, [loaded]);

  const active = loaded ?? { locale: defaultLocale, messages: fallbackCatalogue };
  const status: I18nStatus = {
    ready: loaded !== undefined,
    switching: loaded !== undefined && loaded.requested !== locale,
  };

  return (
    <I18nStatusContext value={status}>
      <IntlProvider
        locale={active.locale}
        defaultLocale={defaultLocale}
        messages={active.messages}
        onError={(e) => {
          log.error("i18n", e);
        }}
      >
        {children}
      </IntlProvider>
    </I18nStatusContext>
  );
}
