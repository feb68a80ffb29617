// Country names in the app's languages, from i18n-iso-countries (CLDR-based
// names). Only the app's eight languages are registered, so the bundle
// carries eight small tables, not the package's 78. Pure.

// The package's browser entry: its Node entry registers every language it has.
import { getName, getNames, registerLocale, type LocaleData } from "i18n-iso-countries/index.js";
import de from "i18n-iso-countries/langs/de.json";
import en from "i18n-iso-countries/langs/en.json";
import es from "i18n-iso-countries/langs/es.json";
import fr from "i18n-iso-countries/langs/fr.json";
import nl from "i18n-iso-countries/langs/nl.json";
import pt from "i18n-iso-countries/langs/pt.json";
import ru from "i18n-iso-countries/langs/ru.json";
import zh from "i18n-iso-countries/langs/zh.json";

/** The languages of the app's locales (`locales/*.json`: en-US, de-DE, …). */
const languages = { de, en, es, fr, nl, pt, ru, zh } as const satisfies Record<string, LocaleData>;
type Language = keyof typeof languages;

for (const data of Object.values(languages)) registerLocale(data);

const isLanguage = (language: string): language is Language => Object.hasOwn(languages, language);

/** The language of a BCP 47 locale ("pt-BR" → "pt"), English for one the app does not ship. */
export const countryNamesLanguage = (locale: string): Language => {
  const language = locale.split(/[-_]/)[0]?.toLowerCase() ?? "";
  return isLanguage(language) ? language : "en";
};

/**
 * [Note: A country is shown by its common name]
 *
 * i18n-iso-countries lists a country's names with the one it calls
 * "official" first. In Dutch that is the formal name of the state for most
 * countries ("Bondsrepubliek Duitsland", then "Duitsland"), so Dutch takes
 * the second name ("alias", which is the first when there is one name);
 * the other seven languages' first names are the ones people use
 * ("Deutschland", "Allemagne"). Search matches every name either way.
 */
const shownName: Readonly<Record<Language, "official" | "alias">> = {
  de: "official",
  en: "official",
  es: "official",
  fr: "official",
  nl: "alias",
  pt: "official",
  ru: "official",
  zh: "official",
};

const nameIn = (code: string, language: Language) =>
  getName(code, language, { select: shownName[language] });

/**
 * The country's name in the locale's language ("DE", "fr-FR" → "Allemagne"),
 * in English when the language lacks it, and the code itself for a code
 * no table knows. See: [Note: A country is shown by its common name]
 */
export const countryName = (code: string, locale: string): string =>
  nameIn(code, countryNamesLanguage(locale)) ?? nameIn(code, "en") ?? code;

/**
 * Every name of every country in the locale's language, with its other
 * names ("USA", "United States of America"). Searches match these.
 */
export const countryNamesIn = (locale: string): Readonly<Record<string, readonly string[]>> =>
  getNames(countryNamesLanguage(locale), { select: "all" });
