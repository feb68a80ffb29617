// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PeopleAnswer } from "../../../workers/people/people-contract";
import type { PeopleClient } from "../../common/library/people-client";
import { renderGallery } from "../gallery/test-support/gallery-views";
import { AccountServiceContext } from "../../common/account-screens/parts/account-service-context";
import { fakeAccountService } from "../../common/accounts/test-support/stubbed-account-service";
import { PeoplePage } from "./PeoplePage";
import { peoplePollIntervalMs } from "./use-people-answer";
import { fakePeopleClient, personOf, statusOf } from "./test-support/people-fakes";

afterEach(cleanup);
beforeEach(() => {
  localStorage.clear();
});

const show = (client: PeopleClient, remoteEnabled: boolean) => {
  const setRemoteFlag = vi.fn(() => Promise.resolve());
  const service = fakeAccountService({
    remoteFlag: vi.fn(() => Promise.resolve(remoteEnabled)),
    setRemoteFlag,
  });
  const harness = renderGallery(
    <AccountServiceContext value={service}>
      <PeoplePage client={client} libraryVersion={1} />
    </AccountServiceContext>,
  );
  render(harness.ui);
  return { setRemoteFlag };
};

const cardNames = () =>
  screen
    .getAllByTestId("person-card")
    .map((card) => within(card).getByTestId("person-name").textContent);

describe("the people page", () => {
  it("while face indexing is off, explains it and turns it on for the account, this device and the worker", async () => {
    const client = fakePeopleClient({ status: statusOf({ enabled: false }), people: [] });
    const { setRemoteFlag } = show(client, false);
    expect((await screen.findByTestId("people-off")).textContent).toMatch(
      /found on this device and never leave it unencrypted/,
    );
    expect(client.people).not.toHaveBeenCalled();

    fireEvent.click(screen.getByTestId("people-enable"));
    await waitFor(() => {
      expect(client.setFaceIndexing).toHaveBeenCalledWith(true);
    });
    expect(setRemoteFlag).toHaveBeenCalledWith("faceSearchEnabled", true);
    expect(localStorage.getItem("faceIndexingEnabled")).toBe("true");
    await waitFor(() => {
      expect(screen.queryByTestId("people-off")).toBeNull();
    });
  });

  it("while faces are being found, shows how far it is and never says there is no one", async () => {
    localStorage.setItem("faceIndexingEnabled", "true");
    const client = fakePeopleClient({
      status: statusOf({ phase: "indexing", indexedFiles: 120, totalFiles: 5000 }),
      people: [],
    });
    show(client, true);
    expect((await screen.findByTestId("face-indexing-phase")).textContent).toMatch(
      "Indexing faces: 120 of 5,000 photos",
    );
    expect(screen.queryByTestId("people-finding")).not.toBeNull();
    expect(screen.queryByTestId("people-none")).toBeNull();
  });

  it("says it is waiting before a run starts", async () => {
    localStorage.setItem("faceIndexingEnabled", "true");
    show(fakePeopleClient({ status: statusOf({ phase: "scheduled" }), people: [] }), true);
    expect((await screen.findByTestId("face-indexing-phase")).textContent).toMatch(
      "Waiting to index faces",
    );
  });

  it("asks again every few seconds while faces are being found", async () => {
    localStorage.setItem("faceIndexingEnabled", "true");
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const answer: PeopleAnswer = { status: statusOf({ phase: "indexing" }), people: [] };
      const people = vi.fn(() => Promise.resolve(answer));
      show(fakePeopleClient(answer, { people }), true);
      await screen.findByTestId("face-indexing-phase");
      const asked = people.mock.calls.length;
      await vi.advanceTimersByTimeAsync(peoplePollIntervalMs + 10);
      await waitFor(() => {
        expect(people.mock.calls.length).toBeGreaterThan(asked);
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it("lists the people named first, each with a photo count, and the hidden ones collapsed at the end", async () => {
    localStorage.setItem("faceIndexingEnabled", "true");
    const answer: PeopleAnswer = {
      status: statusOf(),
      people: [
        personOf({ personID: "c1", fileCount: 40 }),
        personOf({ personID: "p2", name: "Zoe", fileCount: 3 }),
        personOf({ personID: "p1", name: "Anna", fileCount: 1 }),
        personOf({ personID: "p3", name: "Hidden Hugo", hidden: true }),
      ],
    };
    show(fakePeopleClient(answer), true);
    await screen.findByTestId("people-list");
    expect(cardNames()).toEqual(["Anna", "Zoe", "Add a name"]);
    const counts = screen.getAllByTestId("person-count").map((count) => count.textContent);
    expect(counts).toEqual(["1 photo", "3 photos", "40 photos"]);
    expect(screen.getByTestId("face-indexing-phase").textContent).toMatch(
      "Faces indexed in all 10 photos",
    );
    const anna = screen.getAllByTestId("person-card")[0];
    expect(anna?.getAttribute("href")).toBe("/gallery?search=person%3Ap1");

    const toggle = screen.getByTestId("people-hidden-toggle");
    expect(toggle.textContent).toMatch("Hidden (1)");
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(toggle);
    expect(cardNames()).toEqual(["Anna", "Zoe", "Add a name", "Hidden Hugo"]);
  });

  it("says there is no one only once every photo is indexed", async () => {
    localStorage.setItem("faceIndexingEnabled", "true");
    show(fakePeopleClient({ status: statusOf({ phase: "done" }), people: [] }), true);
    expect(await screen.findByTestId("people-none")).toBeTruthy();
  });
});
