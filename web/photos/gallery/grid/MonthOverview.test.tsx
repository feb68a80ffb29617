// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FileType, Visibility } from "../../../../shared/model/library/file-metadata";
import type {
  GalleryItem,
  GalleryViewSnapshot,
  GalleryItemsAt,
} from "../../../../workers/gallery/gallery-contract";
import { AppProviders } from "../../../common/app/test-support/render-in-app";
import { emptySelection } from "../selection/gallery-selection";
import { ThumbnailStore } from "../thumbnails/thumbnail-store";
import { GalleryGrid } from "./GalleryGrid";
import { MonthOverviewHost } from "./MonthOverviewHost";
import { MonthOverviewOpen } from "./MonthOverviewOpen";
import {
  snapshotOfDays,
  thumbnailsAt,
  giveScrollerViewport,
  windowsOf,
} from "./test-support/grid-doubles";

// happy-dom does no layout: the grid's scroller reports a 1280 × 800 viewport.
giveScrollerViewport(1280, 800);

/**
 * happy-dom's IntersectionObserver never reports: this one reports what a
 * test puts on screen, so the test decides which cells a user sees.
 */
class FakeIntersectionObserver {
  static all = new Set<FakeIntersectionObserver>();
  readonly #callback: IntersectionObserverCallback;
  readonly observed = new Set<Element>();
  constructor(callback: IntersectionObserverCallback) {
    this.#callback = callback;
    FakeIntersectionObserver.all.add(this);
  }
  observe(element: Element) {
    this.observed.add(element);
  }
  unobserve(element: Element) {
    this.observed.delete(element);
  }
  disconnect() {
    this.observed.clear();
    FakeIntersectionObserver.all.delete(this);
  }
  takeRecords() {
    return [];
  }
  report(elements: Element[], isIntersecting: boolean) {
    const entries = elements
      .filter((element) => this.observed.has(element))
      .map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry);
    this.#callback(entries, this as unknown as IntersectionObserver);
  }
}
const putOnScreen = (elements: Element[], onScreen = true) => {
  act(() => {
    for (const observer of FakeIntersectionObserver.all) observer.report(elements, onScreen);
  });
};

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal("IntersectionObserver", FakeIntersectionObserver);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const fileIDOf = (index: number) => 700_000_000 + index;

const itemAt = (index: number): GalleryItem => ({
  id: fileIDOf(index),
  collectionID: 1,
  isOwn: true,
  fileType: FileType.image,
  timeUs: 0,
  title: `IMG_${String(index)}.jpg`,
  isFavorite: false,
  visibility: Visibility.visible,
});

/** Three items a day on each of `dayCount` days going back from 2024-06-30, newest first. */
const snapshotOf = (dayCount: number) => snapshotOfDays(dayCount, 3);

function renderGridWithOverview(snapshot: GalleryViewSnapshot) {
  const viewWindow = windowsOf(snapshot, itemAt);
  const thumbnailCalls = thumbnailsAt((fileID) => `blob:${String(fileID)}`);
  const viewItemsAt = vi.fn((viewID: number, indexes: readonly number[]): Promise<GalleryItemsAt> =>
    Promise.resolve({
      viewID,
      version: snapshot.version,
      indexes: [...indexes],
      items: indexes.map((index) => (index < snapshot.totalCount ? itemAt(index) : undefined)),
    }),
  );
  const client = { viewWindow, viewItemsAt, thumbnails: thumbnailCalls };
  const thumbnails = new ThumbnailStore(client, {
    schedule: (callback) => setTimeout(callback, 0),
    decode: () => Promise.resolve(),
  });
  const opener: { current: (() => void) | null } = { current: null };
  render(
    <AppProviders>
      <MonthOverviewOpen
        onOpen={() => {
          opener.current?.();
        }}
      />
      <MonthOverviewHost
        client={client}
        snapshot={snapshot}
        thumbnails={thumbnails}
        openerRef={opener}
      >
        {(overview) => (
          <GalleryGrid
            client={client}
            snapshot={snapshot}
            thumbnails={thumbnails}
            selection={emptySelection}
            onSelectionChange={() => undefined}
            onOpenItem={() => undefined}
            travel={overview.travel}
            onZoomOutPastSmallest={overview.onZoomOutPastSmallest}
          />
        )}
      </MonthOverviewHost>
    </AppProviders>,
  );
  return { viewItemsAt, thumbnailCalls };
}

const overview = () => screen.queryByTestId("month-overview");
const monthCell = (monthKey: string) => {
  const cell = screen
    .getAllByTestId("overview-month")
    .find((element) => element.dataset.month === monthKey);
  if (cell === undefined) throw new Error(`no cell for ${monthKey}`);
  return cell;
};
/** Where a day's header stands on the grid's screen, in px from its top. */
const headerTopOnScreen = (day: string) => {
  const heading = document.querySelector(`[data-testid=gallery-day][data-day="${day}"]`);
  const row = heading?.parentElement;
  if (!(row instanceof HTMLElement)) return undefined;
  const offset = Number(/translateY\((-?[\d.]+)px\)/.exec(row.style.transform)?.[1]);
  return offset - screen.getByTestId("gallery-scroller").scrollTop;
};
/** A ctrl+wheel (happy-dom's wheel events carry no modifier keys of their own). */
const ctrlWheel = (element: HTMLElement, deltaY: number) => {
  const event = new WheelEvent("wheel", { deltaY, bubbles: true, cancelable: true });
  Object.defineProperty(event, "ctrlKey", { value: true });
  act(() => {
    element.dispatchEvent(event);
  });
};

describe("the month overview", () => {
  it("shows the view's years with their months and counts, on the month the grid shows", async () => {
    renderGridWithOverview(snapshotOf(400));
    await screen.findAllByTestId("gallery-tile");
    const open = screen.getByRole("button", { name: "Months overview" });
    expect(open.dataset.testid).toBe("overview-open");
    fireEvent.click(open);

    const region = screen.getByRole("region", { name: "Months" });
    const years = within(region).getAllByTestId("overview-year");
    // 400 days back from 30 June 2024 reach 28 May 2023.
    expect(years.map((year) => year.querySelector("h3")?.textContent)).toEqual([
      "2024546 items",
      "2023654 items",
    ]);
    const monthsOf = (year: HTMLElement) =>
      within(year)
        .getAllByTestId("overview-month")
        .map((cell) => cell.textContent);
    expect(monthsOf(years[0] as HTMLElement)).toEqual([
      "June90 items",
      "May93 items",
      "April90 items",
      "March93 items",
      "February87 items",
      "January93 items",
    ]);
    expect(monthsOf(years[1] as HTMLElement).at(0)).toBe("December93 items");
    expect(monthsOf(years[1] as HTMLElement).at(-1)).toBe("May12 items");
    // Named with its year for assistive technology; the focus starts on the month on screen.
    expect(screen.getByRole("button", { name: "June 2024, 90 items" })).toBe(
      document.activeElement,
    );
  });

  it("loads covers only for the months on screen: each month's first item and its thumbnail", async () => {
    const { viewItemsAt, thumbnailCalls } = renderGridWithOverview(snapshotOf(400));
    await screen.findAllByTestId("gallery-tile");
    fireEvent.click(screen.getByTestId("overview-open"));
    expect(viewItemsAt).not.toHaveBeenCalled();

    // March 2024 starts at 30 June − 31 May − 30 April − 31 March: day 91, item 273.
    putOnScreen([monthCell("2024-03"), monthCell("2023-12")]);
    await waitFor(() => {
      expect(monthCell("2024-03").querySelector("img")?.getAttribute("src")).toBe(
        `blob:${String(fileIDOf(273))}`,
      );
    });
    // Both covers in one call.
    expect(viewItemsAt.mock.calls.map(([, indexes]) => [...indexes].sort((a, b) => a - b))).toEqual(
      [[273, 546]],
    );
    const coverIDs = thumbnailCalls.mock.calls.flatMap(([ids]) => [...ids]);
    expect(coverIDs).toContain(fileIDOf(546));
    expect(monthCell("2024-06").querySelector("img")).toBeNull();
    expect(screen.getAllByTestId("overview-cover")).toHaveLength(2);
  });

  it("jumps the grid to a chosen month, its first day's header at the top", async () => {
    renderGridWithOverview(snapshotOf(400));
    await screen.findAllByTestId("gallery-tile");
    fireEvent.click(screen.getByTestId("overview-open"));
    fireEvent.click(monthCell("2023-09"), { detail: 1 });
    expect(overview()).toBeNull();
    await waitFor(() => {
      expect(headerTopOnScreen("2023-09-30")).toBe(0);
    });
    // Opened again, it starts on that month.
    fireEvent.click(screen.getByTestId("overview-open"));
    expect(document.activeElement).toBe(monthCell("2023-09"));
  });

  it("goes back to the grid where it was on Escape, the focus where it was", async () => {
    renderGridWithOverview(snapshotOf(400));
    await screen.findAllByTestId("gallery-tile");
    const scroller = screen.getByTestId("gallery-scroller");
    scroller.scrollTop = 5_000;
    fireEvent.scroll(scroller);
    const open = screen.getByTestId("overview-open");
    open.focus();
    fireEvent.click(open);
    expect(overview()).not.toBeNull();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: "Escape" });
    expect(overview()).toBeNull();
    expect(scroller.scrollTop).toBe(5_000);
    await waitFor(() => {
      expect(document.activeElement).toBe(open);
    });
  });

  it("moves between months with the arrow keys, and a keyboard choice focuses the month's first photo", async () => {
    renderGridWithOverview(snapshotOf(400));
    await screen.findAllByTestId("gallery-tile");
    fireEvent.click(screen.getByTestId("overview-open"));
    fireEvent.keyDown(monthCell("2024-06"), { key: "ArrowRight" });
    expect(document.activeElement).toBe(monthCell("2024-05"));
    fireEvent.keyDown(monthCell("2024-05"), { key: "End" });
    expect(document.activeElement).toBe(monthCell("2023-05"));
    // Enter on a button is a click without a pointer.
    fireEvent.click(monthCell("2024-01"), { detail: 0 });
    // January 2024 (after 29 days of February) starts on day 151, item 453.
    await waitFor(() => {
      expect((document.activeElement as HTMLElement | null)?.dataset.index).toBe("453");
    });
  });

  it("opens on a zoom out past the smallest tiles, and a zoom in goes back to the grid", async () => {
    renderGridWithOverview(snapshotOf(400));
    await screen.findAllByTestId("gallery-tile");
    const scroller = screen.getByTestId("gallery-scroller");
    const grid = screen.getByRole("grid");
    // Down to the smallest tiles: the grid zooms, no overview yet.
    let columns = Number(grid.getAttribute("aria-colcount"));
    for (let step = 0; step < 3; step++) {
      ctrlWheel(scroller, 100);
      await waitFor(() => {
        expect(Number(grid.getAttribute("aria-colcount"))).toBeGreaterThan(columns);
      });
      columns = Number(grid.getAttribute("aria-colcount"));
    }
    expect(overview()).toBeNull();
    ctrlWheel(scroller, 100);
    const shown = overview();
    if (shown === null) throw new Error("no overview");
    // Zooming out further does nothing; zooming in is back at the grid, at its smallest tiles.
    ctrlWheel(shown, 100);
    expect(overview()).not.toBeNull();
    ctrlWheel(shown, -100);
    expect(overview()).toBeNull();
    expect(Number(grid.getAttribute("aria-colcount"))).toBe(columns);
  });
});
