// @vitest-environment happy-dom
// The search field keeps what the person typed when the open search's name
// arrives late (a place's city name comes from the worker), and shows the
// name of a newly opened search.
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SearchQuery } from "../../../../shared/model/search/search-query";
import type { SearchClient } from "../../../common/library/search-client";
import { AppProviders } from "../../../common/app/test-support/render-in-app";
import { SearchBar } from "./SearchBar";

afterEach(cleanup);

const client: SearchClient = {
  searchSuggestions: () => Promise.resolve([]),
  openSearch: () => Promise.reject(new Error("not opened in these tests")),
  cityName: () => Promise.resolve(undefined),
  locationTagName: () => Promise.resolve(undefined),
  indexingStatus: () => Promise.reject(new Error("not asked in these tests")),
  setIndexingEnabled: () => Promise.resolve(),
};

const lisbon: SearchQuery = { kind: "place", countryCode: "PT", cityID: 2267057 };
const july: SearchQuery = { kind: "date", date: { year: 2019, month: 7 } };

const bar = (openQuery: SearchQuery | undefined, openLabel: string) => (
  <AppProviders>
    <SearchBar
      client={client}
      openQuery={openQuery}
      openLabel={openLabel}
      onChoose={vi.fn()}
      onOpenAlbum={vi.fn()}
      onClear={vi.fn()}
    />
  </AppProviders>
);

const field = () => screen.getByRole<HTMLInputElement>("combobox");

describe("SearchBar", () => {
  it("shows the city's name once it arrives, while nothing was typed", () => {
    const { rerender } = render(bar(lisbon, "Portugal"));
    expect(field().value).toBe("Portugal");
    rerender(bar(lisbon, "Lisbon, Portugal"));
    expect(field().value).toBe("Lisbon, Portugal");
  });

  it("keeps what was typed when the open search's name arrives after it", () => {
    const { rerender } = render(bar(lisbon, "Portugal"));
    fireEvent.change(field(), { target: { value: "portu" } });
    rerender(bar(lisbon, "Lisbon, Portugal"));
    expect(field().value).toBe("portu");
  });

  it("shows a newly opened search's name over what was typed", () => {
    const { rerender } = render(bar(lisbon, "Lisbon, Portugal"));
    fireEvent.change(field(), { target: { value: "jul" } });
    rerender(bar(july, "July 2019"));
    expect(field().value).toBe("July 2019");
    rerender(bar(undefined, ""));
    expect(field().value).toBe("");
  });
});
