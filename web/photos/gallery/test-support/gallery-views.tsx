// Test support for the gallery page's tests: a `GalleryClient` double whose
// every call is a vitest mock, summaries, and the providers a page needs
// (router, jotai, i18n, account service, the dialog host and the toast).

import { createStore } from "jotai";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { vi } from "vitest";
import type {
  AlbumSharing,
  GalleryViewSnapshot,
} from "../../../../workers/gallery/gallery-contract";
import type { GallerySummary } from "../../../../shared/model/library/gallery-summary";
import { AccountServiceContext } from "../../../common/account-screens/parts/account-service-context";
import { fakeAccountService } from "../../../common/accounts/test-support/stubbed-account-service";
import { DialogHost } from "../../../common/dialog/DialogHost";
import type { GalleryClient } from "../../../common/library/gallery-client";
import { Toast } from "../../../common/shell/Toast";
import { AppProviders } from "../../../common/app/test-support/render-in-app";

export const emptySnapshot = (viewID: number): GalleryViewSnapshot => ({
  viewID,
  version: 1,
  totalCount: 0,
  days: [],
});

/** A client over empty views whose `perform` answers `ok` (tests override what they exercise). */
export const fakeGalleryClient = (overrides: Partial<GalleryClient> = {}) => {
  const client = {
    openView: vi.fn((viewID: number) => Promise.resolve(emptySnapshot(viewID))),
    viewWindow: vi.fn((viewID: number, startIndex: number) =>
      Promise.resolve({ viewID, version: 1, startIndex, items: [] }),
    ),
    viewItemsAt: vi.fn((viewID: number, indexes: readonly number[]) =>
      Promise.resolve({
        viewID,
        version: 1,
        indexes: [...indexes],
        items: indexes.map(() => undefined),
      }),
    ),
    indexOfFile: vi.fn(() => Promise.resolve(-1)),
    fileDetails: vi.fn(() => Promise.reject(new Error("no details in this test"))),
    albumSharing: vi.fn(() => Promise.resolve<AlbumSharing | undefined>(undefined)),
    thumbnails: vi.fn((fileIDs: readonly number[]) =>
      Promise.resolve(fileIDs.map((fileID) => ({ fileID, ok: false as const, errorName: "Test" }))),
    ),
    original: vi.fn(() => Promise.reject(new Error("no originals in this test"))),
    playableVideo: vi.fn((fileID: number) =>
      Promise.resolve({ fileID, converted: false as const }),
    ),
    download: vi.fn(() => Promise.resolve()),
    perform: vi.fn(() => Promise.resolve({ ok: true as const, changedCount: 1 })),
    ...overrides,
  } satisfies GalleryClient;
  return client;
};

/** A summary with defaults: an owned, visible album. */
export const summaryOf = (
  fields: Partial<GallerySummary> & Pick<GallerySummary, "id" | "name">,
): GallerySummary => ({
  type: "album",
  order: 4,
  fileCount: 1,
  updationTimeUs: 0,
  isHidden: false,
  isOwned: true,
  sortAscending: false,
  ...fields,
});

/** Renders `element` at `path` of a router whose only route is `/gallery`, with the app's providers. */
export const renderGallery = (element: ReactNode, path = "/gallery") => {
  const router = createMemoryRouter(
    [
      {
        path: "/gallery",
        element: (
          <>
            {element}
            <DialogHost />
            <Toast />
          </>
        ),
      },
      { path: "/login", element: <p>login page</p> },
    ],
    { initialEntries: [path] },
  );
  const service = fakeAccountService({ logout: vi.fn(() => Promise.resolve()) });
  const store = createStore();
  return {
    router,
    service,
    store,
    ui: (
      <AppProviders store={store}>
        <AccountServiceContext value={service}>
          <RouterProvider router={router} />
        </AccountServiceContext>
      </AppProviders>
    ),
  };
};
