// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { FaceInFile } from "../../../workers/people/people-contract";
import { renderGallery } from "../gallery/test-support/gallery-views";
import { PeopleClientContext } from "./people-client-context";
import { fakePeopleClient } from "./test-support/people-fakes";
import { ViewerPeopleRow } from "./ViewerPeopleRow";

afterEach(cleanup);

const faceOf = (faceID: string, personID?: string, name?: string): FaceInFile => ({
  faceID,
  fileID: 7,
  personID,
  name,
  box: { x: 0.1, y: 0.1, width: 0.2, height: 0.2 },
});

const show = (faces: FaceInFile[]) => {
  const facesInFile = vi.fn(() => Promise.resolve(faces));
  const harness = renderGallery(
    <PeopleClientContext value={fakePeopleClient(undefined, { facesInFile })}>
      <dl>
        <ViewerPeopleRow fileID={7} />
      </dl>
    </PeopleClientContext>,
  );
  render(harness.ui);
  return { facesInFile };
};

describe("the viewer's people", () => {
  it("lists the photo's faces with their names, each person's a link to their photos", async () => {
    const { facesInFile } = show([faceOf("f1", "p1", "Anna"), faceOf("f2", "c1"), faceOf("f3")]);
    const faces = await screen.findAllByTestId("viewer-face");
    expect(facesInFile).toHaveBeenCalledWith(7);
    expect(faces.map((face) => face.textContent)).toEqual(["Anna", "Unnamed", "Unnamed"]);
    expect(faces.map((face) => face.querySelector("a")?.getAttribute("href"))).toEqual([
      "/gallery?search=person%3Ap1",
      "/gallery?search=person%3Ac1",
      undefined,
    ]);
  });

  it("shows nothing for a photo without faces", async () => {
    const { facesInFile } = show([]);
    await vi.waitFor(() => {
      expect(facesInFile).toHaveBeenCalled();
    });
    expect(screen.queryByTestId("viewer-info-people")).toBeNull();
  });
});
