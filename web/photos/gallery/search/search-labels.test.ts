import { createIntl } from "react-intl";
import { describe, expect, it } from "vitest";
import enUS from "../../../../locales/en-US.json";
import deDE from "../../../../locales/de-DE.json";
import { searchQueryLabel, suggestionLabel } from "./search-labels";

describe("a camera search's label", () => {
  it.each([
    ["en-US", enUS],
    ["de-DE", deDE],
  ])("is the camera's name in %s", (locale, messages) => {
    const intl = createIntl({ locale, messages });
    const query = { kind: "camera", name: "Canon EOS 5D Mark II" } as const;
    expect(suggestionLabel({ group: "camera", query, count: 2 }, intl)).toBe(
      "Canon EOS 5D Mark II",
    );
    expect(searchQueryLabel(query, intl)).toBe("Canon EOS 5D Mark II");
    expect(intl.formatMessage({ id: "search.group.camera" })).toBe(
      locale === "de-DE" ? "Kameras" : "Cameras",
    );
  });
});

describe("a location tag's search label", () => {
  it.each([
    ["en-US", enUS, "Search results"],
    ["de-DE", deDE, "Suchergebnisse"],
  ])("is the tag's name, or a plain title once it is gone, in %s", (locale, messages, plain) => {
    const intl = createIntl({ locale, messages });
    const query = { kind: "location-tag", tagID: "location_home" } as const;
    expect(suggestionLabel({ group: "place", query, name: "Home", count: 3 }, intl)).toBe("Home");
    expect(searchQueryLabel(query, intl, { locationTagName: "Home" })).toBe("Home");
    expect(searchQueryLabel(query, intl)).toBe(plain);
  });
});
