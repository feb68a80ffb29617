// Message catalogues. en-US is bundled with the app: it is the fallback for
// any message a catalogue lacks, and its keys are the typed message ids.
// Every other language is a separate chunk, loaded only when it is active.

import enUS from "../../../locales/en-US.json";
import type { SupportedLocale } from "./locales";

export type MessageId = keyof typeof enUS;

/** A complete catalogue: every message id has a message. */
export type Catalogue = Record<MessageId, string>;

declare global {
  // Registers our message ids with react-intl, so `formatMessage({ id })` and
  // `<FormattedMessage id>` only accept ids that exist in the catalogues.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}

export const fallbackCatalogue: Catalogue = enUS;

type PartialCatalogue = Partial<Record<MessageId, string>>;

const loaders: Record<Exclude<SupportedLocale, "en-US">, () => Promise<PartialCatalogue>> = {
  "fr-FR": () => import("../../../locales/fr-FR.json").then((m) => m.default),
  "de-DE": () => import("../../../locales/de-DE.json").then((m) => m.default),
  "zh-CN": () => import("../../../locales/zh-CN.json").then((m) => m.default),
  "nl-NL": () => import("../../../locales/nl-NL.json").then((m) => m.default),
  "es-ES": () => import("../../../locales/es-ES.json").then((m) => m.default),
  "pt-BR": () => import("../../../locales/pt-BR.json").then((m) => m.default),
  "ru-RU": () => import("../../../locales/ru-RU.json").then((m) => m.default),
};

/** The catalogue of `locale`, with en-US messages filling any gap. */
export async function loadCatalogue(locale: SupportedLocale): Promise<Catalogue> {
  if (locale === "en-US") return fallbackCatalogue;
  const messages = await loaders[locale]();
  return { ...fallbackCatalogue, ...messages };
}
