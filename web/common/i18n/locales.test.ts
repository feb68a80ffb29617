import { describe, expect, it } from "vitest";
import { matchSupportedLocale, resolveLocale, supportedLocales } from "./locales";

describe("matchSupportedLocale", () => {
  it.each<[string, string | undefined]>([
    ...supportedLocales.map((l): [string, string] => [l, l]),
    ["en", "en-US"],
    ["fr", "fr-FR"],
    ["de", "de-DE"],
    ["zh", "zh-CN"],
    ["nl", "nl-NL"],
    ["es", "es-ES"],
    ["pt", "pt-BR"],
    ["ru", "ru-RU"],
    ["EN-us", "en-US"],
    ["pt_br", "pt-BR"],
    ["pt-PT", "pt-BR"],
    ["en-GB", "en-US"],
    ["es-419", "es-ES"],
    ["fr-CA", "fr-FR"],
    ["de-AT", "de-DE"],
    ["zh-Hans-CN", "zh-CN"],
    ["nl-BE", "nl-NL"],
    [" ru ", "ru-RU"],
    ["it", undefined],
    ["ja-JP", undefined],
    ["english", undefined],
    ["", undefined],
    ["-", undefined],
  ])("%s → %s", (tag, expected) => {
    expect(matchSupportedLocale(tag)).toBe(expected);
  });
});

describe("resolveLocale", () => {
  it.each<[string | undefined, string[], string]>([
    // The stored choice wins over the browser.
    ["de-DE", ["fr-FR"], "de-DE"],
    // Legacy short codes kept by older builds.
    ["fr", ["en-US"], "fr-FR"],
    ["pt", [], "pt-BR"],
    // An unusable stored value falls back to the browser's languages, in order.
    ["xx", ["it-IT", "nl-BE", "fr-FR"], "nl-NL"],
    ["", ["ru"], "ru-RU"],
    [undefined, ["es-MX", "en-US"], "es-ES"],
    [undefined, ["zh-TW"], "zh-CN"],
    // Nothing usable at all.
    [undefined, [], "en-US"],
    ["ja", ["ko-KR", "it"], "en-US"],
  ])("stored %s, browser %j → %s", (stored, browser, expected) => {
    expect(resolveLocale(stored, browser)).toBe(expected);
  });
});
