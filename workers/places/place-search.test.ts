import { beforeAll, describe, expect, it } from "vitest";
import type { PlaceMatch } from "./place-search";
import type { Places } from "./places-loader";
import { realPlaces } from "./test-support/real-places";

let places: Places;
beforeAll(async () => {
  places = await realPlaces();
});

const label = (match: PlaceMatch) => `${match.kind}:${match.name}/${match.countryCode}`;

describe("place search", () => {
  it.each([
    // Prefix of a word, forgiving the accent: Zürich first, by population.
    ["zur", "en-US", "city:Zürich/CH"],
    ["ZÜRICH", "en-US", "city:Zürich/CH"],
    ["zurich", "de-DE", "city:Zürich/CH"],
    ["sao pa", "en-US", "city:São Paulo/BR"],
    ["São Paulo", "pt-BR", "city:São Paulo/BR"],
    ["new york", "en-US", "city:New York City/US"],
    ["  New   York ", "en-US", "city:New York City/US"],
    ["paris", "fr-FR", "city:Paris/FR"],
    ["Malmo", "en-US", "city:Malmö/SE"],
    ["koln", "de-DE", "city:Köln/DE"],
    ["Deutschland", "de-DE", "country:Deutschland/DE"],
    ["deutsch", "de-DE", "country:Deutschland/DE"],
    ["Germany", "de-DE", "country:Deutschland/DE"],
    ["Allemagne", "fr-FR", "country:Allemagne/DE"],
    ["allemagne", "en-US", undefined],
    ["Германия", "ru-RU", "country:Германия/DE"],
    ["德国", "zh-CN", "country:德国/DE"],
    ["Alemania", "es-ES", "country:Alemania/DE"],
    ["Duitsland", "nl-NL", "country:Duitsland/DE"],
    ["Alemanha", "pt-BR", "country:Alemanha/DE"],
    ["usa", "en-US", "country:United States of America/US"],
    ["Luxembourg", "fr-FR", "country:Luxembourg/LU"],
  ])("%j in %s → first %s", (text, locale, first) => {
    const matches = places.search(text, locale, 10);
    expect(matches[0] === undefined ? undefined : label(matches[0])).toBe(first);
  });

  it.each([
    // Exact names first, then every other match by population.
    ["york", "en-US", ["city:York/GB", "city:York/US"]],
    ["paulo", "en-US", ["city:São Paulo/BR"]],
    // A country ranks as its largest city: Paris (2.1 M) before Paraguay
    // (Asunción), after the exact Par (Cornwall).
    ["par", "en-US", ["city:Par/GB", "city:Paris/FR", "country:Paraguay/PY"]],
    ["deutschl", "de-DE", ["country:Deutschland/DE", "city:Deutschlandsberg/AT"]],
    ["new", "en-US", ["city:New York City/US"]],
    // A country before a city of the same name and rank.
    ["luxembourg", "en-US", ["country:Luxembourg/LU", "city:Luxembourg/LU"]],
  ])("%j in %s begins with %j", (text, locale, first) => {
    expect(places.search(text, locale, first.length).map(label)).toEqual(first);
  });

  it("puts a bigger city that has the text further in before a smaller one that begins with it", () => {
    const york = places.search("york", "en-US", 50).map(label);
    const lastExact = york.findLastIndex((match) => match.startsWith("city:York/"));
    expect(york.indexOf("city:New York City/US")).toBe(lastExact + 1);
    expect(york.indexOf("city:Yorkton/CA")).toBeGreaterThan(lastExact + 1);
  });

  it("orders cities of the same name by population", () => {
    const parises = places.search("paris", "en-US", 5).map(label);
    expect(parises[0]).toBe("city:Paris/FR");
    expect(parises.every((match) => match.startsWith("city:Paris/"))).toBe(true);
  });

  it("needs every typed word to begin a word of the name", () => {
    expect(places.search("sao xyz", "en-US", 10)).toEqual([]);
    expect(places.search("aulo", "en-US", 10).map(label)).not.toContain("city:São Paulo/BR");
  });

  it("answers at most the limit, and nothing for blank text", () => {
    expect(places.search("s", "en-US", 7)).toHaveLength(7);
    expect(places.search("   ", "en-US", 7)).toEqual([]);
    expect(places.search("-", "en-US", 7)).toEqual([]);
    expect(places.search("paris", "en-US", 0)).toEqual([]);
  });

  it("names countries in English for a locale the app does not ship", () => {
    expect(places.search("germany", "ja-JP", 1).map(label)).toEqual(["country:Germany/DE"]);
  });

  it("logs how long a keystroke takes", () => {
    // Measured, not asserted (conventions.md: no wall-clock limits in unit tests).
    const typed = [
      "s",
      "sa",
      "sao",
      "sao ",
      "sao p",
      "sao pa",
      "z",
      "zu",
      "zur",
      "new y",
      "deutschl",
    ];
    const startedMs = performance.now();
    const rounds = 20;
    for (let round = 0; round < rounds; round++) {
      for (const text of typed) places.search(text, "de-DE", 10);
    }
    const perKeystrokeMs = (performance.now() - startedMs) / (rounds * typed.length);
    console.log(
      `place search: ${perKeystrokeMs.toFixed(2)} ms a keystroke (mean over ${String(typed.length)} texts)`,
    );
    expect(perKeystrokeMs).toBeGreaterThan(0);
  });
});
