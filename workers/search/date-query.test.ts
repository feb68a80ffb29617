import { describe, expect, it } from "vitest";
import { monthNamesOf, monthOfWord, parseSearchDates } from "./date-query";

const english = monthNamesOf("en-US");
const libraryYears = [2024, 2021, 2019, 2018, 1999];

describe("dates in what a person types", () => {
  it.each([
    ["2019", [{ year: 2019 }]],
    ["July", [{ month: 7 }]],
    ["jul", [{ month: 7 }]],
    ["July 2019", [{ year: 2019, month: 7 }]],
    ["2019 july", [{ year: 2019, month: 7 }]],
    ["24 Dec", [{ month: 12, day: 24 }]],
    ["Dec 24", [{ month: 12, day: 24 }]],
    ["December 24th", [{ month: 12, day: 24 }]],
    ["24 Dec 2019", [{ year: 2019, month: 12, day: 24 }]],
    ["Dec. 24, 2019", [{ year: 2019, month: 12, day: 24 }]],
    ["2019-07-24", [{ year: 2019, month: 7, day: 24 }]],
    ["2019-07", [{ year: 2019, month: 7, day: undefined }]],
    ["24.12.2019", [{ year: 2019, month: 12, day: 24 }]],
    ["24.12.", [{ year: undefined, month: 12, day: 24 }]],
    ["20", [{ year: 2024 }, { year: 2021 }, { year: 2019 }, { year: 2018 }]],
    ["199", [{ year: 1999 }]],
  ])("%s", (text, expected) => {
    expect(parseSearchDates(text, english, libraryYears)).toMatchObject(expected);
  });

  it.each([
    "",
    "ju",
    "beach",
    "31 Feb",
    "30 February 2019",
    "13.13.2019",
    "24",
    "2019 2020",
    "July June",
    "1 2 3 4",
  ])("%s means no date", (text) => {
    expect(parseSearchDates(text, english, libraryYears)).toEqual([]);
  });

  it("takes 29 February only in a leap year or any year", () => {
    expect(parseSearchDates("29 Feb 2020", english)).toHaveLength(1);
    expect(parseSearchDates("29 Feb", english)).toHaveLength(1);
    expect(parseSearchDates("29 Feb 2019", english)).toEqual([]);
  });

  it.each([
    ["de-DE", "März", 3],
    ["de-DE", "maerz", undefined],
    ["de-DE", "marz", 3],
    ["de-DE", "Dezember", 12],
    ["fr-FR", "août", 8],
    ["fr-FR", "aout", 8],
    ["fr-FR", "févr", 2],
    ["es-ES", "diciembre", 12],
    ["nl-NL", "mei", 5],
    ["pt-BR", "março", 3],
    ["ru-RU", "июль", 7],
    ["ru-RU", "июля", 7],
    ["ru-RU", "декабря", 12],
    ["zh-CN", "7月", 7],
    ["de-DE", "July", 7],
  ])("in %s, %s is month %s", (locale, word, month) => {
    const months = monthNamesOf(locale);
    expect(monthOfWord(word.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase(), months)).toBe(
      month,
    );
  });

  it("reads dates in the user's language", () => {
    expect(parseSearchDates("24. Dezember 2019", monthNamesOf("de-DE"))).toEqual([
      { year: 2019, month: 12, day: 24 },
    ]);
    expect(parseSearchDates("1er août", monthNamesOf("fr-FR"))).toEqual([
      { year: undefined, month: 8, day: 1 },
    ]);
    expect(parseSearchDates("24 июля 2019", monthNamesOf("ru-RU"))).toEqual([
      { year: 2019, month: 7, day: 24 },
    ]);
    expect(parseSearchDates("2019年7月24日", monthNamesOf("zh-CN"))).toEqual([
      { year: 2019, month: 7, day: 24 },
    ]);
    expect(parseSearchDates("julio de 2019", monthNamesOf("es-ES"))).toEqual([]);
  });
});
