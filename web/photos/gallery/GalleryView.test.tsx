// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { hiddenLock } from "./hidden/hidden-lock";
import { fakeGalleryClient, renderGallery, summaryOf } from "./test-support/gallery-views";
import { GalleryView } from "./GalleryView";
import { PeopleClientContext } from "../people/people-client-context";
import { fakePeopleClient, personOf, statusOf } from "../people/test-support/people-fakes";
import type { SyncState } from "../../../workers/sync/sync-service-contract";

afterEach(cleanup);
beforeEach(() => {
  localStorage.clear();
  hiddenLock.lock();
});

const summaries = [
  summaryOf({ id: 0, name: "All", type: "all", order: 0, isOwned: false, fileCount: 9 }),
  summaryOf({ id: 12, name: "Beach", creationTimeUs: 300, updationTimeUs: 50, fileCount: 4 }),
  summaryOf({ id: 11, name: "Alps", creationTimeUs: 200, updationTimeUs: 90, fileCount: 5 }),
  summaryOf({ id: -2, name: "Trash", type: "trash", order: 6, isOwned: false, fileCount: 1 }),
  summaryOf({ id: 20, name: "Drawer", isHidden: true, fileCount: 3 }),
];

const entryNames = () =>
  screen
    .getAllByTestId("album-entry")
    .map((entry) => entry.querySelector("[data-testid=album-name]")?.textContent);

const show = (path = "/gallery", client = fakeGalleryClient(), state: SyncState = "up-to-date") => {
  const harness = renderGallery(
    <GalleryView
      client={client}
      summaries={summaries}
      pushedSnapshot={undefined}
      status={{ state, skippedRecords: 0 }}
      hiddenFileCount={3}
    />,
    path,
  );
  render(harness.ui);
  return { client, ...harness };
};

describe("the gallery page", () => {
  it("lists the albums in the bar in the chosen sort, and keeps the sort across a reload", async () => {
    show();
    await screen.findAllByTestId("album-entry");
    // Default: updation time descending.
    expect(entryNames()).toEqual(["All", "Alps", "Beach", "Trash", "Hidden"]);
    fireEvent.click(screen.getByRole("button", { name: "Sort albums" }));
    fireEvent.click(screen.getByRole("menuitemradio", { name: "Creation time (oldest first)" }));
    expect(entryNames()).toEqual(["All", "Alps", "Beach", "Trash", "Hidden"]);
    fireEvent.click(screen.getByRole("button", { name: "Sort albums" }));
    fireEvent.click(screen.getByRole("menuitemradio", { name: "Name" }));
    expect(localStorage.getItem("collectionSortBy")).toBe('"name"');
    cleanup();

    localStorage.setItem("collectionSortBy", '"updation-time-desc"');
    show();
    await screen.findAllByTestId("album-entry");
    expect(entryNames()).toEqual(["All", "Alps", "Beach", "Trash", "Hidden"]);
    cleanup();
    localStorage.setItem("collectionSortBy", '"creation-time-asc"');
    const reordered = [
      ...summaries,
      summaryOf({ id: 13, name: "Attic", creationTimeUs: 100, updationTimeUs: 10 }),
    ];
    const harness = renderGallery(
      <GalleryView
        client={fakeGalleryClient()}
        summaries={reordered}
        pushedSnapshot={undefined}
        status={undefined}
      />,
    );
    render(harness.ui);
    await screen.findAllByTestId("album-entry");
    expect(entryNames()).toEqual(["All", "Attic", "Alps", "Beach", "Trash", "Hidden"]);
  });

  it("keeps the open view in the URL, opens it from the URL, and shows its title and count", async () => {
    const { router, client } = show();
    await screen.findAllByTestId("album-entry");
    expect(router.state.location.search).toBe("");
    fireEvent.click(screen.getByRole("button", { name: /^Beach/ }));
    await waitFor(() => {
      expect(router.state.location.search).toBe("?collection=12");
    });
    await waitFor(() => {
      expect(client.openView).toHaveBeenCalledWith(12);
    });
    expect(screen.getByTestId("view-title").textContent).toBe("Beach");
    expect(screen.getByRole("button", { name: /^Beach/ }).getAttribute("aria-current")).toBe(
      "page",
    );
    cleanup();

    const reloaded = show("/gallery?collection=20");
    // The hidden section is locked: not even its album's name shows until
    // the password is given again (checked by the account worker).
    await screen.findByTestId("hidden-lock");
    expect(screen.queryByText("Drawer")).toBeNull();
    expect(screen.queryByTestId("gallery-tile")).toBeNull();
    reloaded.service.verifyPassword = vi.fn((password: string) =>
      Promise.resolve(password === "right horse"),
    );
    const typePassword = (password: string) => {
      fireEvent.change(screen.getByLabelText("Password"), { target: { value: password } });
      fireEvent.click(screen.getByRole("button", { name: "Unlock" }));
    };
    typePassword("wrong horse");
    await screen.findByText("Incorrect password");
    expect(screen.getByTestId("hidden-lock")).toBeTruthy();
    typePassword("right horse");
    await waitFor(() => {
      expect(reloaded.client.openView).toHaveBeenCalledWith(20);
    });
    expect((await screen.findByTestId("view-title")).textContent).toBe("Drawer");
    // The hidden section: the way back, then its albums.
    expect(screen.getByRole("button", { name: "Back to albums" })).toBeTruthy();
    expect(entryNames()).toEqual(["Drawer"]);
    fireEvent.click(screen.getByRole("button", { name: "Back to albums" }));
    await waitFor(() => {
      expect(reloaded.router.state.location.search).toBe("");
    });
  });

  it.each<SyncState>(["up-to-date", "offline", "failed"])(
    "goes back to all when the open album no longer exists (library %s)",
    async (state) => {
      const { router } = show("/gallery?collection=99", fakeGalleryClient(), state);
      await waitFor(() => {
        expect(router.state.location.search).toBe("");
      });
    },
  );

  it("keeps an album the stored library does not have yet while a pull is on its way", async () => {
    const { router } = show("/gallery?collection=99", fakeGalleryClient(), "syncing");
    expect(await screen.findByTestId("view-title")).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.search).toBe("?collection=99");
  });

  it("shows each view's empty state", async () => {
    const { router } = show("/gallery?collection=-2");
    expect((await screen.findByTestId("gallery-empty")).textContent).toContain(
      "The trash is empty",
    );
    await act(() => router.navigate("/gallery?collection=12"));
    await waitFor(() => {
      expect(screen.getByTestId("gallery-empty").textContent).toContain("This album is empty");
    });
    await act(() => router.navigate("/gallery"));
    await waitFor(() => {
      expect(screen.getByTestId("gallery-empty").textContent).toContain("Your gallery is empty");
    });
    // An empty view has no months to travel.
    expect(screen.queryByTestId("overview-open")).toBeNull();
  });

  it("shows the grid's skeleton, never the empty state, before the worker has told what the library holds", async () => {
    const opening = fakeGalleryClient({ openView: () => new Promise(() => undefined) });
    /** The gallery with no snapshot and no summaries: only the count the worker told, if any. */
    const galleryTold = (state: SyncState, libraryFileCount?: number) =>
      renderGallery(
        <GalleryView
          client={opening}
          summaries={undefined}
          pushedSnapshot={undefined}
          status={{ state, skippedRecords: 0 }}
          libraryFileCount={libraryFileCount}
        />,
      ).ui;
    const { rerender } = render(galleryTold("opening"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId("gallery-empty")).toBeNull();
    expect(screen.getByTestId("gallery-skeleton").getAttribute("aria-busy")).toBe("true");
    expect(screen.getByTestId("library-item-count").textContent).toBe("");

    // The worker tells an empty library (a new account): now it is empty.
    rerender(galleryTold("up-to-date", 0));
    expect((await screen.findByTestId("gallery-empty")).textContent).toContain(
      "Your gallery is empty",
    );
    expect(screen.queryByTestId("gallery-skeleton")).toBeNull();
  });

  it("shows the sync state and the album menu of an owned album", async () => {
    show("/gallery?collection=12");
    expect((await screen.findByTestId("library-sync-state")).getAttribute("data-state")).toBe(
      "up-to-date",
    );
    fireEvent.click(await screen.findByRole("button", { name: "Album options" }));
    expect(screen.getAllByRole("menuitem").map((item) => item.textContent)).toEqual([
      "Rename album",
      "Pin album",
      "Show on map",
      "Delete album",
    ]);
  });

  it("heads a person's photos with their face, name, count and actions", async () => {
    const people = fakePeopleClient({
      status: statusOf(),
      people: [personOf({ personID: "p1", name: "Anna", fileCount: 12 })],
    });
    const harness = renderGallery(
      <PeopleClientContext value={people}>
        <GalleryView
          client={fakeGalleryClient()}
          summaries={summaries}
          pushedSnapshot={undefined}
          status={{ state: "up-to-date", skippedRecords: 0 }}
        />
      </PeopleClientContext>,
      "/gallery?search=person:p1",
    );
    render(harness.ui);
    const header = await screen.findByTestId("person-header");
    await waitFor(() => {
      expect(screen.getByTestId("view-title").textContent).toBe("Anna");
    });
    expect(header.getAttribute("data-person-id")).toBe("p1");
    expect(screen.getByTestId("person-header-count").textContent).toBe("12 photos");
    expect(screen.getByRole("button", { name: "Person actions" })).toBeTruthy();
    expect(people.person).toHaveBeenCalledWith("p1");
  });
});
