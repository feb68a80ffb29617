// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PeopleAnswer } from "../../../workers/people/people-contract";
import type { PeopleClient } from "../../common/library/people-client";
import { renderGallery } from "../gallery/test-support/gallery-views";
import { PersonHeader } from "./PersonHeader";
import { PeopleClientContext } from "./people-client-context";
import { fakePeopleClient, personOf, statusOf } from "./test-support/people-fakes";

afterEach(cleanup);

const answer: PeopleAnswer = {
  status: statusOf(),
  people: [
    personOf({ personID: "p1", name: "Anna", fileCount: 12 }),
    personOf({ personID: "p2", name: "Bob" }),
    personOf({ personID: "c1", fileCount: 5 }),
  ],
};

const show = (personID: string, client: PeopleClient = fakePeopleClient(answer)) => {
  const harness = renderGallery(
    <PeopleClientContext value={client}>
      <PersonHeader personID={personID} libraryVersion={1} />
    </PeopleClientContext>,
    `/gallery?search=person:${personID}`,
  );
  render(harness.ui);
  return harness;
};

const choose = async (action: string) => {
  fireEvent.click(await screen.findByRole("button", { name: "Person actions" }));
  fireEvent.click(screen.getByRole("menuitem", { name: action }));
};

const searchOf = (router: { state: { location: { search: string } } }) =>
  new URLSearchParams(router.state.location.search).get("search");

describe("a person's header", () => {
  it("shows the person's name and photo count, or invites to name them", async () => {
    show("p1");
    expect((await screen.findByTestId("person-header-count")).textContent).toBe("12 photos");
    expect(screen.getByTestId("view-title").textContent).toBe("Anna");
    cleanup();
    show("c1");
    expect((await screen.findByTestId("person-header-count")).textContent).toBe("5 photos");
    expect(screen.getByTestId("view-title").textContent).toBe("Add a name");
  });

  it("names an unnamed person and opens the named person it became", async () => {
    const client = fakePeopleClient(answer, { namePerson: vi.fn(() => Promise.resolve("p9")) });
    const { router } = show("c1", client);
    await choose("Add a name");
    fireEvent.change(screen.getByTestId("person-name-input"), { target: { value: " Maya " } });
    fireEvent.click(screen.getByTestId("person-name-save"));
    await waitFor(() => {
      expect(searchOf(router)).toBe("person:p9");
    });
    expect(client.namePerson).toHaveBeenCalledWith("c1", "Maya");
  });

  it("renames a named person in place", async () => {
    const client = fakePeopleClient(answer);
    const { router } = show("p1", client);
    await choose("Rename");
    fireEvent.change(screen.getByTestId("person-name-input"), { target: { value: "Annie" } });
    fireEvent.click(screen.getByTestId("person-name-save"));
    await waitFor(() => {
      expect(client.namePerson).toHaveBeenCalledWith("p1", "Annie");
    });
    await waitFor(() => {
      expect(client.person).toHaveBeenCalledTimes(2);
    });
    expect(searchOf(router)).toBe("person:p1");
  });

  it("merges a named person into another named one, and opens that one", async () => {
    const client = fakePeopleClient(answer);
    const { router } = show("p1", client);
    await choose("Merge with…");
    const picks = await screen.findAllByTestId("person-pick");
    expect(picks.map((pick) => pick.getAttribute("data-person-id"))).toEqual(["p2", "c1"]);
    fireEvent.click(picks[0] as HTMLElement);
    await waitFor(() => {
      expect(searchOf(router)).toBe("person:p2");
    });
    expect(client.mergePeople).toHaveBeenCalledWith("p2", "p1");
  });

  it("keeps a named person's name when merging an unnamed one into it", async () => {
    const client = fakePeopleClient(answer);
    const { router } = show("p1", client);
    await choose("Merge with…");
    const picks = await screen.findAllByTestId("person-pick");
    fireEvent.click(picks[1] as HTMLElement);
    await waitFor(() => {
      expect(client.mergePeople).toHaveBeenCalledWith("p1", "c1");
    });
    expect(searchOf(router)).toBe("person:p1");
  });

  it("reviews the person's faces and removes the selected ones", async () => {
    const face = (faceID: string, fileID: number) => ({
      faceID,
      fileID,
      box: { x: 0.1, y: 0.1, width: 0.2, height: 0.2 },
    });
    const client = fakePeopleClient(answer, {
      personFaces: vi.fn((personID: string) =>
        Promise.resolve(personID === "p1" ? [face("f1", 1), face("f3", 2)] : []),
      ),
    });
    show("p1", client);
    await choose("Review faces");
    const faces = await screen.findAllByTestId("person-review-face");
    expect(faces.map((shown) => shown.getAttribute("data-face-id"))).toEqual(["f1", "f3"]);
    const remove = screen.getByTestId("person-review-remove");
    expect((remove as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(faces[1] as HTMLElement);
    expect(remove.textContent).toBe("Remove 1 face from person");
    fireEvent.click(remove);
    await waitFor(() => {
      expect(client.removeFacesFromPerson).toHaveBeenCalledWith("p1", ["f3"]);
    });
  });

  it("hides a person", async () => {
    const client = fakePeopleClient(answer);
    show("p1", client);
    await choose("Hide person");
    await waitFor(() => {
      expect(client.setPersonHidden).toHaveBeenCalledWith("p1", true);
    });
  });
});
