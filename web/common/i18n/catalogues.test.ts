// Every catalogue in `locales/` must be a complete, well-formed translation
// of en-US: same ids, messages that parse as ICU, the same placeholders.

import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { loadCatalogue } from "./messages";
import { supportedLocales } from "./locales";

const readCatalogue = (locale: string): Record<string, string> =>
  JSON.parse(
    readFileSync(
      fileURLToPath(new URL(`../../../locales/${locale}.json`, import.meta.url)),
      "utf8",
    ),
  ) as Record<string, string>;

const english = readCatalogue("en-US");
const englishIds = Object.keys(english).sort();

/** The argument names a message uses, e.g. `{value}` → ["value"]. */
function argumentNames(elements: MessageFormatElement[]): string[] {
  const names: string[] = [];
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    names.push(element.value);
    if (element.type === TYPE.select || element.type === TYPE.plural) {
      for (const option of Object.values(element.options)) {
        names.push(...argumentNames(option.value));
      }
    }
    if (element.type === TYPE.tag) names.push(...argumentNames(element.children));
  }
  return [...new Set(names)].sort();
}

// Product names and pure notation stay the same in every language; these, and
// only these, may equal the English message.
const sameInEveryLanguage = new Set([
  "app.photos.name",
  "app.accounts.name",
  "app.auth.name",
  "app.documentTitle",
  // A brand: Steam's own codes.
  "auth.kind.steam",
]);
// Words that are genuinely identical in a language (French "Service", "Note"; German,
// Dutch and Portuguese "Link"; Dutch "Camera" and "Account").
const sameAsEnglishIn: Record<string, string[]> = {
  // French and Dutch say "Albums" too (French "Photos" and "Dates" as well); Dutch counts "items";
  // German says "Name" and "Video". Most languages write "city, country" as English
  // does, and Chinese and Portuguese quote with English quotation marks.
  "fr-FR": [
    "action.ok",
    "gallery.albums.barLabel",
    "gallery.nav.photos",
    "gallery.nav.albums",
    "search.group.album",
    "search.group.date",
    "search.kind.photo",
    "search.place.inCountry",
    "people.photoCount",
    "auth.field.issuer",
    "auth.field.options",
    "auth.field.kind",
    "auth.field.note",
  ],
  "de-DE": [
    "action.ok",
    "route.passkeys",
    "gallery.albums.sort.name",
    "people.name",
    "gallery.grid.video",
    "search.kind.video",
    "search.place.inCountry",
    "auth.addTab.link",
  ],
  "zh-CN": ["search.words"],
  "nl-NL": [
    "action.ok",
    "route.passkeys",
    "gallery.albums.barLabel",
    "gallery.nav.albums",
    "gallery.albums.count",
    "gallery.grid.dayCount",
    "gallery.grid.video",
    "search.group.album",
    "search.place.inCountry",
    "auth.addTab.link",
    "auth.addTab.camera",
    "auth.field.account",
  ],
  "es-ES": ["error.title", "search.place.inCountry"],
  "pt-BR": ["action.ok", "search.words", "search.place.inCountry", "auth.addTab.link"],
  "ru-RU": ["search.place.inCountry"],
};

// Things' names a language borrows from English ("Laptops", "Snowboards", "Zebras").
const borrowedThingNames: Record<string, string[]> = {
  "fr-FR": [
    "search.thing.train",
    "search.thing.frisbee",
    "search.thing.skis",
    "search.thing.snowboard",
    "search.thing.skateboard",
    "search.thing.orange",
    "search.thing.vase",
  ],
  "de-DE": [
    "search.thing.zebra",
    "search.thing.frisbee",
    "search.thing.snowboard",
    "search.thing.skateboard",
    "search.thing.sandwich",
    "search.thing.pizza",
    "search.thing.donut",
    "search.thing.couch",
    "search.thing.laptop",
  ],
  "nl-NL": [
    "search.thing.frisbee",
    "search.thing.snowboard",
    "search.thing.skateboard",
    "search.thing.broccoli",
    "search.thing.donut",
    "search.thing.laptop",
    "search.thing.oven",
  ],
  "pt-BR": ["search.thing.zebra", "search.thing.frisbee", "search.thing.banana"],
};

describe.each(supportedLocales)("locales/%s.json", (locale) => {
  const catalogue = readCatalogue(locale);

  it("has exactly the message ids of en-US", () => {
    expect(Object.keys(catalogue).sort()).toEqual(englishIds);
  });

  it.each(Object.entries(catalogue))("%s parses with the placeholders of en-US", (id, message) => {
    expect(message.trim()).not.toBe("");
    const englishMessage = english[id];
    expect(englishMessage).toBeDefined();
    expect(argumentNames(parse(message))).toEqual(argumentNames(parse(englishMessage ?? "")));
  });

  if (locale !== "en-US") {
    it("is translated, not an English copy", () => {
      const allowed = new Set([
        ...sameInEveryLanguage,
        ...(sameAsEnglishIn[locale] ?? []),
        ...(borrowedThingNames[locale] ?? []),
      ]);
      const untranslated = Object.entries(catalogue)
        .filter(([id, message]) => !allowed.has(id) && message === english[id])
        .map(([id]) => id);
      expect(untranslated).toEqual([]);
    });
  }
});

describe("loadCatalogue", () => {
  it("loads the active language and keeps every message id", async () => {
    const french = await loadCatalogue("fr-FR");
    expect(french["action.logIn"]).toBe("Se connecter");
    expect(Object.keys(french).sort()).toEqual(englishIds);
  });
});
