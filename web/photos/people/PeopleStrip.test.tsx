// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { PeopleAnswer } from "../../../workers/people/people-contract";
import { renderGallery } from "../gallery/test-support/gallery-views";
import { PeopleClientContext } from "./people-client-context";
import { PeopleStrip, stripPeopleCount } from "./PeopleStrip";
import { fakePeopleClient, personOf, statusOf } from "./test-support/people-fakes";

afterEach(cleanup);

const show = (answer: PeopleAnswer) => {
  const harness = renderGallery(
    <PeopleClientContext value={fakePeopleClient(answer)}>
      <ul>
        <PeopleStrip libraryVersion={1} />
      </ul>
    </PeopleClientContext>,
  );
  render(harness.ui);
};

describe("the albums bar's people", () => {
  it("shows the first people, named first, and leads to all of them", async () => {
    const people = Array.from({ length: 12 }, (_, index) =>
      personOf({ personID: `c${String(index)}` }),
    );
    show({ status: statusOf(), people: [...people, personOf({ personID: "p1", name: "Anna" })] });
    const all = await screen.findByText("All people");
    const chips = screen.getAllByTestId("albums-bar-person");
    expect(chips).toHaveLength(stripPeopleCount);
    expect(chips[0]?.textContent).toBe("Anna");
    expect(chips[0]?.getAttribute("href")).toBe("/gallery?search=person%3Ap1");
    expect(all.closest("a")?.getAttribute("href")).toBe("/gallery/people");
  });

  it("is only a way to the people page while face indexing is off", async () => {
    show({ status: statusOf({ enabled: false }), people: [] });
    const entry = await screen.findByTestId("albums-bar-people");
    expect(entry.textContent).toContain("People");
    expect(screen.queryAllByTestId("albums-bar-person")).toHaveLength(0);
  });
});
