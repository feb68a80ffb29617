import { describe, expect, it } from "vitest";
import { countryName, countryNamesLanguage } from "./country-names";

describe("countryName", () => {
  it.each([
    ["DE", "en-US", "Germany"],
    ["DE", "de-DE", "Deutschland"],
    ["DE", "es-ES", "Alemania"],
    ["DE", "fr-FR", "Allemagne"],
    ["DE", "nl-NL", "Duitsland"],
    ["DE", "pt-BR", "Alemanha"],
    ["DE", "ru-RU", "Германия"],
    ["DE", "zh-CN", "德国"],
    ["CH", "fr-FR", "Suisse"],
    ["US", "en-US", "United States of America"],
    ["XK", "de-DE", "Kosovo"],
    // A language the app does not ship: English.
    ["DE", "ja-JP", "Germany"],
    ["DE", "", "Germany"],
    // A code no table knows: the code.
    ["ZZ", "en-US", "ZZ"],
  ])("%s in %s is %s", (code, locale, name) => {
    expect(countryName(code, locale)).toBe(name);
  });

  it("reads the language of any form of locale", () => {
    expect(countryNamesLanguage("pt-BR")).toBe("pt");
    expect(countryNamesLanguage("zh_CN")).toBe("zh");
    expect(countryNamesLanguage("FR")).toBe("fr");
  });
});
