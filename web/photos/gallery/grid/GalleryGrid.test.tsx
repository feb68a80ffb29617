// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FileType, Visibility } from "../../../../shared/model/library/file-metadata";
import type {
  GalleryItem,
  GalleryViewSnapshot,
} from "../../../../workers/gallery/gallery-contract";
import { createStore } from "jotai";
import { AppProviders } from "../../../common/app/test-support/render-in-app";
import { emptySelection, type GallerySelection } from "../selection/gallery-selection";
import {
  type DecodeThumbnail,
  maxThumbnailsPerCall,
  ThumbnailStore,
} from "../thumbnails/thumbnail-store";
import { GalleryGrid } from "./GalleryGrid";
import { gridTileShapeAtom } from "./grid-tile-shape";
import { tilesBuiltPerFrame } from "./row-builder";
import { maxNativeHeightPx } from "./scroll-mapping";
import {
  snapshotOfDays,
  thumbnailsAt,
  giveScrollerViewport,
  windowsOf,
} from "./test-support/grid-doubles";

/** Each layout the grid built: its tile size and how many days it laid out. */
const layoutsBuilt = vi.hoisted(() => [] as { tileSizePx: number; dayCount: number }[]);
vi.mock("./grid-layout", async (importOriginal) => {
  const actual = await importOriginal<typeof import("./grid-layout")>();
  return {
    ...actual,
    buildGridLayout: (input: Parameters<typeof actual.buildGridLayout>[0]) => {
      layoutsBuilt.push({ tileSizePx: input.tileSizePx, dayCount: input.days.length });
      return actual.buildGridLayout(input);
    },
  };
});

// happy-dom does no layout: the scroller reports a 1280 × 800 viewport.
const viewportWidthPx = 1280;
const viewportHeightPx = 800;
giveScrollerViewport(viewportWidthPx, viewportHeightPx);
afterEach(cleanup);

const fileIDOf = (index: number) => 500_000_000 + index;

function itemAt(index: number): GalleryItem {
  return {
    id: fileIDOf(index),
    collectionID: 1,
    isOwn: true,
    fileType:
      index % 10 === 3 ? FileType.video : index % 10 === 5 ? FileType.livePhoto : FileType.image,
    timeUs: 1_700_000_000_000_000 - index * 60_000_000,
    title: `IMG_${String(index)}.jpg`,
    isFavorite: index % 10 === 7,
    visibility: Visibility.visible,
    durationSec: index % 10 === 3 ? 75 : undefined,
  };
}

const snapshotOf = snapshotOfDays;

function clientFor(snapshot: GalleryViewSnapshot) {
  return {
    viewWindow: windowsOf(snapshot, itemAt),
    thumbnails: thumbnailsAt(() => "blob:thumbnail"),
  };
}

/** A browser that cannot decode the image ahead: its tile waits for the image's load event. */
const undecodable: DecodeThumbnail = () => Promise.reject(new Error("EncodingError"));

function renderGrid(
  snapshot: GalleryViewSnapshot,
  initialSelection = emptySelection,
  decode: DecodeThumbnail = undecodable,
  store = createStore(),
) {
  const client = clientFor(snapshot);
  const thumbnails = new ThumbnailStore(client, {
    schedule: (callback) => setTimeout(callback, 0),
    decode,
  });
  const onOpenItem = vi.fn();
  const selections: GallerySelection[] = [];
  function Harness() {
    const [selection, setSelection] = useState(initialSelection);
    return (
      <GalleryGrid
        client={client}
        snapshot={snapshot}
        thumbnails={thumbnails}
        selection={selection}
        onSelectionChange={(next) => {
          selections.push(next);
          setSelection(next);
        }}
        onOpenItem={onOpenItem}
      />
    );
  }
  const result = render(
    <AppProviders store={store}>
      <Harness />
    </AppProviders>,
  );
  const lastSelection = () => [...(selections.at(-1)?.fileIDs ?? [])].sort((a, b) => a - b);
  return { ...result, client, onOpenItem, lastSelection };
}

const tiles = () => screen.queryAllByTestId("gallery-tile");
const tileAt = (index: number) => {
  const tile = tiles().find((element) => element.dataset.index === String(index));
  if (tile === undefined) throw new Error(`tile ${String(index)} is not rendered`);
  return tile;
};
const indexes = () => tiles().map((tile) => Number(tile.dataset.index));

/** A ctrl+wheel (happy-dom's wheel events carry no modifier keys of their own). */
const ctrlWheel = (element: HTMLElement, deltaY: number) => {
  const event = new WheelEvent("wheel", { deltaY, bubbles: true, cancelable: true });
  Object.defineProperty(event, "ctrlKey", { value: true });
  act(() => {
    element.dispatchEvent(event);
  });
  expect(event.defaultPrevented).toBe(true);
};

describe("the gallery grid", () => {
  it("lays a view out only for the scroller's measured width", async () => {
    layoutsBuilt.length = 0;
    renderGrid(snapshotOf(100, 100));
    await waitFor(() => {
      expect(tiles().length).toBeGreaterThan(0);
    });
    // See: [Note: The grid is laid out once its width is known]
    const ofTheView = layoutsBuilt.filter(({ dayCount }) => dayCount > 0);
    expect(ofTheView.length).toBe(1);
    expect(ofTheView[0]?.tileSizePx).toBeGreaterThan(100);
  });

  it("renders only the rows in and near the viewport of a 10,000-item view", async () => {
    renderGrid(snapshotOf(100, 100));
    await waitFor(() => {
      expect(tiles().length).toBeGreaterThan(0);
    });
    const shown = indexes();
    expect(shown[0]).toBe(0);
    // 7 columns at 1240 px; 800 px viewport and one viewport of overscan below.
    expect(shown.length).toBeLessThan(150);
    expect(shown).not.toContain(9999);
    expect(screen.getAllByTestId("gallery-day")[0]?.textContent).toContain("100 items");
  });

  it("asks for the thumbnails of the tiles shown together at once, top first, and marks loaded tiles", async () => {
    // See: [Note: A screen of thumbnails comes in small calls]
    const { client } = renderGrid(snapshotOf(1, 30));
    await waitFor(() => {
      expect(client.thumbnails).toHaveBeenCalled();
    });
    const calls = client.thumbnails.mock.calls.map(([fileIDs]) => [...fileIDs]);
    expect(calls).toHaveLength(Math.ceil(30 / maxThumbnailsPerCall));
    expect(calls.flat()).toEqual(Array.from({ length: 30 }, (_, i) => fileIDOf(i)));
    const image = await waitFor(() => {
      const found = tileAt(0).querySelector("img");
      if (found === null) throw new Error("no image yet");
      return found;
    });
    fireEvent.load(image);
    expect(tileAt(0).dataset.loaded).toBe("true");
    expect(tileAt(1).dataset.loaded).toBeUndefined();
  });

  it("shows a thumbnail decoded ahead as loaded from its first render", async () => {
    // See: [Note: A thumbnail is decoded before it is shown]
    const decoded: string[] = [];
    renderGrid(snapshotOf(1, 30), emptySelection, (url) => {
      decoded.push(url);
      return Promise.resolve();
    });
    await waitFor(() => {
      expect(tileAt(0).dataset.loaded).toBe("true");
    });
    const image = tileAt(0).querySelector("img");
    expect(image?.className).toContain("gallery-tile__image--loaded");
    expect(decoded.length).toBe(30);
  });

  it("fetches items by windows of the view, never one call per tile", async () => {
    const { client } = renderGrid(snapshotOf(100, 100));
    await waitFor(() => {
      expect(tiles().length).toBeGreaterThan(0);
    });
    expect(client.viewWindow.mock.calls.length).toBeLessThanOrEqual(2);
  });

  it("shows the video duration, live photo and favorite badges", async () => {
    renderGrid(snapshotOf(1, 10));
    await waitFor(() => {
      expect(tiles().length).toBe(10);
    });
    expect(within(tileAt(3)).getByTestId("tile-video-badge").textContent).toBe("1:15");
    expect(within(tileAt(5)).queryByTestId("tile-live-badge")).not.toBeNull();
    expect(within(tileAt(7)).queryByTestId("tile-favorite")).not.toBeNull();
    expect(within(tileAt(0)).queryByTestId("tile-video-badge")).toBeNull();
  });

  it("opens the viewer on a click while nothing is selected", async () => {
    const { onOpenItem } = renderGrid(snapshotOf(2, 20));
    await waitFor(() => tileAt(3));
    fireEvent.click(tileAt(3));
    expect(onOpenItem).toHaveBeenCalledWith(3, itemAt(3));
  });

  it("selects by checkbox, then toggles by click, then selects a shift-range", async () => {
    const { onOpenItem, lastSelection } = renderGrid(snapshotOf(2, 20));
    await waitFor(() => tileAt(2));
    // See: [Note: A grid tile is as few elements as it can be]
    expect(within(tileAt(2)).queryByTestId("tile-checkbox")).toBeNull();
    fireEvent.pointerEnter(tileAt(2));
    fireEvent.click(within(tileAt(2)).getByTestId("tile-checkbox"));
    expect(lastSelection()).toEqual([fileIDOf(2)]);
    fireEvent.click(tileAt(4));
    expect(lastSelection()).toEqual([fileIDOf(2), fileIDOf(4)]);
    fireEvent.click(tileAt(25), { shiftKey: true });
    await waitFor(() => {
      expect(lastSelection()).toEqual(
        Array.from({ length: 22 }, (_, i) => fileIDOf(i + 4))
          .concat(fileIDOf(2))
          .sort((a, b) => a - b),
      );
    });
    expect(onOpenItem).not.toHaveBeenCalled();
    expect(tileAt(10).getAttribute("aria-selected")).toBe("true");
    // While a selection exists every tile offers its checkbox.
    expect(within(tileAt(11)).getByTestId("tile-checkbox").getAttribute("aria-checked")).toBe(
      "true",
    );
  });

  it("selects and deselects a whole day from its header", async () => {
    const { lastSelection } = renderGrid(snapshotOf(3, 12));
    await waitFor(() => tileAt(12));
    const secondDay = screen.getAllByTestId("day-checkbox")[1];
    if (secondDay === undefined) throw new Error("no second day");
    fireEvent.click(secondDay);
    await waitFor(() => {
      expect(lastSelection()).toEqual(Array.from({ length: 12 }, (_, i) => fileIDOf(12 + i)));
    });
    await waitFor(() => {
      expect(secondDay.getAttribute("aria-checked")).toBe("true");
    });
    fireEvent.click(secondDay);
    await waitFor(() => {
      expect(lastSelection()).toEqual([]);
    });
  });

  it("moves a roving focus with the keyboard, selects with Space and Shift+arrows, clears with Escape, opens with Enter", async () => {
    const { onOpenItem, lastSelection } = renderGrid(snapshotOf(2, 20));
    await waitFor(() => tileAt(0));
    expect(tileAt(0).tabIndex).toBe(0);
    act(() => {
      tileAt(0).focus();
    });
    fireEvent.keyDown(tileAt(0), { key: "ArrowRight" });
    await waitFor(() => {
      expect(document.activeElement).toBe(tileAt(1));
    });
    expect(tileAt(0).tabIndex).toBe(-1);
    fireEvent.keyDown(tileAt(1), { key: " " });
    expect(lastSelection()).toEqual([fileIDOf(1)]);
    fireEvent.keyDown(tileAt(1), { key: "ArrowRight", shiftKey: true });
    await waitFor(() => {
      expect(lastSelection()).toEqual([fileIDOf(1), fileIDOf(2)]);
    });
    // Down a row: 7 columns.
    fireEvent.keyDown(tileAt(2), { key: "ArrowDown" });
    await waitFor(() => {
      expect(document.activeElement).toBe(tileAt(9));
    });
    fireEvent.keyDown(tileAt(9), { key: "Escape" });
    expect(lastSelection()).toEqual([]);
    fireEvent.keyDown(tileAt(9), { key: "Enter" });
    expect(onOpenItem).toHaveBeenCalledWith(9, itemAt(9));
  });

  it("reaches the oldest of 1,000,000 items with End, under the browser height cap", async () => {
    const { container } = renderGrid(snapshotOf(10_000, 100));
    await waitFor(() => tileAt(0));
    const scroller = screen.getByTestId("gallery-scroller");
    const spacer = scroller.firstElementChild as HTMLElement;
    expect(Number.parseFloat(spacer.style.height)).toBe(maxNativeHeightPx);
    fireEvent.keyDown(tileAt(0), { key: "End" });
    await waitFor(() => {
      expect(document.activeElement).toBe(tileAt(999_999));
    });
    expect(scroller.scrollTop).toBeGreaterThan(0);
    expect(scroller.scrollTop).toBeLessThanOrEqual(maxNativeHeightPx - viewportHeightPx);
    // The last row sits inside the viewport, in native coordinates.
    const lastRow = tileAt(999_999).parentElement as HTMLElement;
    const rowTop = Number(/translateY\((-?[\d.]+)px\)/.exec(lastRow.style.transform)?.[1]);
    expect(rowTop).toBeGreaterThanOrEqual(scroller.scrollTop);
    expect(rowTop).toBeLessThan(scroller.scrollTop + viewportHeightPx);
    expect(container.querySelectorAll("[data-testid=gallery-tile]").length).toBeLessThan(200);
  });

  it("follows native scrolling and jumps with the scrubber's keyboard", async () => {
    renderGrid(snapshotOf(10_000, 100));
    await waitFor(() => tileAt(0));
    const scroller = screen.getByTestId("gallery-scroller");
    // Small steps move 1:1 (7 columns of 175 px; days of 100 items are 2,709 px).
    for (const top of [1500, 3000, 4500]) {
      scroller.scrollTop = top;
      fireEvent.scroll(scroller);
    }
    await waitFor(() => {
      expect(indexes()).toContain(170);
    });
    expect(indexes()).not.toContain(0);
    const scrubber = screen.getByTestId("date-scrubber");
    fireEvent.keyDown(scrubber, { key: "End" });
    await waitFor(() => {
      expect(indexes()).toContain(999_999);
    });
    expect(scrubber.getAttribute("aria-valuenow")).not.toBe("0");
    fireEvent.keyDown(scrubber, { key: "Home" });
    await waitFor(() => {
      expect(indexes()).toContain(0);
    });
  });

  it("zooms with ctrl+wheel, keeping the first photo on screen, and remembers the level", async () => {
    renderGrid(snapshotOf(1_000, 100));
    await waitFor(() => tileAt(0));
    const scroller = screen.getByTestId("gallery-scroller");
    const grid = screen.getByRole("grid");
    expect(grid.getAttribute("aria-colcount")).toBe("7");
    scroller.scrollTop = 30_000;
    fireEvent.scroll(scroller);
    await waitFor(() => {
      expect(indexes()).not.toContain(0);
    });
    const firstShown = Math.min(...indexes());
    // A plain wheel scrolls; it does not zoom.
    fireEvent.wheel(scroller, { deltaY: -100 });
    expect(grid.getAttribute("aria-colcount")).toBe("7");

    ctrlWheel(scroller, -100);
    await waitFor(() => {
      expect(grid.getAttribute("aria-colcount")).toBe("5");
    });
    expect(localStorage.getItem("galleryZoom")).toBe("1");
    // Rows after a jump are built over the next frames.
    await waitFor(() => {
      expect(indexes()).toContain(firstShown + 7);
    });
    expect(Math.min(...indexes())).toBeGreaterThan(firstShown - 5 * 8);

    ctrlWheel(scroller, 100);
    await waitFor(() => {
      expect(grid.getAttribute("aria-colcount")).toBe("7");
    });
    expect(localStorage.getItem("galleryZoom")).toBe("0");
    await waitFor(() => {
      expect(indexes()).toContain(firstShown + 7);
    });
  });

  it("shows photos at their own shape when chosen, rows filling the width", async () => {
    const snapshot = snapshotOf(3, 40);
    // Landscapes, portraits and one of unknown shape (square).
    const aspectRatios = Array.from({ length: 120 }, (_, i) => (i === 2 ? 0 : i % 2 ? 0.75 : 1.5));
    const store = createStore();
    store.set(gridTileShapeAtom, "own-shape");
    renderGrid({ ...snapshot, aspectRatios }, emptySelection, undecodable, store);
    await waitFor(() => tileAt(3));
    const sizeOf = (index: number) => {
      const { width, height } = tileAt(index).style;
      return { widthPx: parseFloat(width), heightPx: parseFloat(height) };
    };
    const landscape = sizeOf(0);
    expect(landscape.widthPx / landscape.heightPx).toBeCloseTo(1.5, 3);
    const portrait = sizeOf(1);
    expect(portrait.widthPx / portrait.heightPx).toBeCloseTo(0.75, 3);
    expect(sizeOf(2).widthPx).toBeCloseTo(sizeOf(2).heightPx, 3);
    // The first row fills the grid's width (1280 px less the scrubber's 40).
    const firstRow = tiles().filter((tile) => tile.parentElement === tileAt(0).parentElement);
    const rowWidthPx = firstRow.reduce((sum, tile) => sum + parseFloat(tile.style.width) + 2, -2);
    expect(rowWidthPx).toBeCloseTo(1240, 1);
  });

  it("lands a jump on light rows and builds them over the next frames, the screen first", async () => {
    renderGrid(snapshotOf(10_000, 100));
    await waitFor(() => tileAt(0));
    const tilesShown = () => document.querySelectorAll("[data-testid^=gallery-tile]").length;
    const lightRows = () => document.querySelectorAll("[data-testid=gallery-row-light]").length;
    await waitFor(() => {
      expect(lightRows()).toBe(0);
    });
    // The first screen and one screen of overscan below it (800 px of 175 px rows, and headers).
    expect(tilesShown()).toBeGreaterThan(7 * 8);
    // See: [Note: A frame builds a bounded number of tiles]
    fireEvent.keyDown(screen.getByTestId("date-scrubber"), { key: "End" });
    expect(tilesShown()).toBeLessThanOrEqual(tilesBuiltPerFrame);
    expect(lightRows()).toBeGreaterThan(3);
    // The built rows are the ones on screen: the last item's row is among them.
    expect(
      document.querySelector('[data-testid^=gallery-tile][data-index="999999"]'),
    ).not.toBeNull();
    await waitFor(() => {
      expect(lightRows()).toBe(0);
    });
    expect(tilesShown()).toBeGreaterThan(7 * 8);
  });

  it("shows the empty state for an empty view", () => {
    const snapshot = snapshotOf(0, 0);
    const client = clientFor(snapshot);
    render(
      <AppProviders>
        <GalleryGrid
          client={client}
          snapshot={snapshot}
          thumbnails={new ThumbnailStore(client)}
          selection={emptySelection}
          onSelectionChange={() => undefined}
          onOpenItem={() => undefined}
          emptyState={<p>Nothing here</p>}
        />
      </AppProviders>,
    );
    expect(screen.getByText("Nothing here")).toBeDefined();
    expect(screen.queryByTestId("gallery-scroller")).toBeNull();
  });
});
