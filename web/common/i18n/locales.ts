// The languages Cairn ships (spec §2) and the rule that picks the active one.

export const supportedLocales = [
  "en-US",
  "fr-FR",
  "de-DE",
  "zh-CN",
  "nl-NL",
  "es-ES",
  "pt-BR",
  "ru-RU",
] as const;

export type SupportedLocale = (typeof supportedLocales)[number];

/** Spec §2: the fallback language, and the catalogue missing messages fall back to. */
export const defaultLocale: SupportedLocale = "en-US";

export interface LocaleInfo {
  /** The language's own name, shown in the language picker whatever the active language. */
  nativeName: string;
  dir: "ltr" | "rtl";
}

export const localeInfo: Record<SupportedLocale, LocaleInfo> = {
  "en-US": { nativeName: "English", dir: "ltr" },
  "fr-FR": { nativeName: "Français", dir: "ltr" },
  "de-DE": { nativeName: "Deutsch", dir: "ltr" },
  "zh-CN": { nativeName: "简体中文", dir: "ltr" },
  "nl-NL": { nativeName: "Nederlands", dir: "ltr" },
  "es-ES": { nativeName: "Español", dir: "ltr" },
  "pt-BR": { nativeName: "Português (Brasil)", dir: "ltr" },
  "ru-RU": { nativeName: "Русский", dir: "ltr" },
};

/**
 * The supported locale for a language tag, or undefined.
 *
 * [Note: Locale matching]
 *
 * Tags are compared case-insensitively, with `_` read as `-` (`pt_br`). An
 * exact match wins; otherwise the tag's language picks the one supported
 * locale of that language. This maps the legacy short codes kept by older
 * builds (`en`, `fr`, `de`, `zh`, `nl`, `es`, `pt`, `ru`) and regional
 * variants we do not ship (`pt-PT` → pt-BR, `en-GB` → en-US, `zh-TW` → zh-CN).
 */
export function matchSupportedLocale(tag: string): SupportedLocale | undefined {
  const normalized = tag.trim().replaceAll("_", "-").toLowerCase();
  if (normalized === "") return undefined;
  const exact = supportedLocales.find((l) => l.toLowerCase() === normalized);
  if (exact) return exact;
  const language = normalized.split("-")[0];
  return supportedLocales.find((l) => l.toLowerCase().split("-")[0] === language);
}

/**
 * The locale to use: the stored choice if it names a language we ship, else
 * the first of the browser's languages we ship, else en-US.
 * See: [Note: Locale matching]
 */
export function resolveLocale(
  stored: string | undefined,
  browserLanguages: readonly string[],
): SupportedLocale {
  for (const candidate of [stored, ...browserLanguages]) {
    if (candidate === undefined) continue;
    const match = matchSupportedLocale(candidate);
    if (match) return match;
  }
  return defaultLocale;
}

export const isSupportedLocale = (value: string): value is SupportedLocale =>
  (supportedLocales as readonly string[]).includes(value);
