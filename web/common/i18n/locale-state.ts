// The active language: the user's choice from local storage `locale`, else
// the browser's. See: [Note: Locale matching]

import { atom } from "jotai";
import { localStore } from "../storage/local-store";
import { resolveLocale, type SupportedLocale } from "./locales";

const chosenLocaleAtom = atom<SupportedLocale | undefined>(undefined);

const browserLanguages = (): readonly string[] =>
  typeof navigator === "undefined" ? [] : navigator.languages;

export const localeAtom = atom(
  (get): SupportedLocale =>
    get(chosenLocaleAtom) ?? resolveLocale(localStore.get("locale"), browserLanguages()),
  (_get, set, locale: SupportedLocale) => {
    localStore.set("locale", locale);
    set(chosenLocaleAtom, locale);
  },
);
