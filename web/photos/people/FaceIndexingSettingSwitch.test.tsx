// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AccountServiceContext } from "../../common/account-screens/parts/account-service-context";
import { fakeAccountService } from "../../common/accounts/test-support/stubbed-account-service";
import type { PeopleClient } from "../../common/library/people-client";
import { renderGallery } from "../gallery/test-support/gallery-views";
import { FaceIndexingSettingSwitch } from "./FaceIndexingSettingSwitch";
import { PeopleClientContext } from "./people-client-context";
import { fakePeopleClient, statusOf } from "./test-support/people-fakes";

afterEach(cleanup);
beforeEach(() => {
  localStorage.clear();
});

const show = (client: PeopleClient, remoteEnabled: boolean) => {
  const setRemoteFlag = vi.fn(() => Promise.resolve());
  const remoteFlag = vi.fn(() => Promise.resolve(remoteEnabled));
  const service = fakeAccountService({
    remoteFlag,
    setRemoteFlag,
  });
  const harness = renderGallery(
    <AccountServiceContext value={service}>
      <PeopleClientContext value={client}>
        <FaceIndexingSettingSwitch />
      </PeopleClientContext>
    </AccountServiceContext>,
  );
  render(harness.ui);
  return { setRemoteFlag, remoteFlag };
};

const faceSwitch = () => screen.getByTestId<HTMLInputElement>("settings-face-indexing");

describe("the face indexing switch", () => {
  it("turns face indexing on for the account, this device and the worker", async () => {
    const setFaceIndexing = vi.fn(() => Promise.resolve());
    const client = fakePeopleClient(
      { status: statusOf({ enabled: false }), people: [] },
      { setFaceIndexing },
    );
    const { setRemoteFlag, remoteFlag } = show(client, false);
    await waitFor(() => {
      expect(remoteFlag).toHaveBeenCalled();
    });
    await act(() => Promise.resolve());
    expect(faceSwitch().checked).toBe(false);
    // Never on here: nothing to remove, the worker is not told.
    expect(setFaceIndexing).not.toHaveBeenCalled();
    fireEvent.click(faceSwitch());
    await waitFor(() => {
      expect(setFaceIndexing).toHaveBeenLastCalledWith(true);
    });
    expect(setRemoteFlag).toHaveBeenCalledWith("faceSearchEnabled", true);
    expect(localStorage.getItem("faceIndexingEnabled")).toBe("true");
    expect(faceSwitch().checked).toBe(true);
  });

  it("shows the phase with counts while faces are being found", async () => {
    localStorage.setItem("faceIndexingEnabled", "true");
    show(
      fakePeopleClient({
        status: statusOf({ phase: "indexing", indexedFiles: 3, totalFiles: 40 }),
        people: [],
      }),
      true,
    );
    expect((await screen.findByTestId("face-indexing-phase")).textContent).toBe(
      "Indexing faces: 3 of 40 photos",
    );
  });

  it.each([
    ["blazeface-faceres", "Faces are found with the face models built into Cairn."],
    [
      "yolov5face-mobilefacenet",
      "Faces are found with Ente's face models from your server, so the Ente apps can use the same faces.",
    ],
  ] as const)("says which face models find the faces (%s)", async (engine, text) => {
    localStorage.setItem("faceIndexingEnabled", "true");
    show(fakePeopleClient({ status: statusOf({ engine }), people: [] }), true);
    expect((await screen.findByTestId("face-indexing-engine")).textContent).toBe(text);
  });

  it("asks before turning it off, then turns it off everywhere", async () => {
    localStorage.setItem("faceIndexingEnabled", "true");
    const setFaceIndexing = vi.fn(() => Promise.resolve());
    const { setRemoteFlag } = show(fakePeopleClient(undefined, { setFaceIndexing }), true);
    await waitFor(() => {
      expect(faceSwitch().checked).toBe(true);
    });
    fireEvent.click(faceSwitch());
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toContain(
      "The faces found on this device are removed; named people stay in your account.",
    );
    expect(setRemoteFlag).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Disable" }));
    await waitFor(() => {
      expect(setFaceIndexing).toHaveBeenCalledWith(false);
    });
    expect(setRemoteFlag).toHaveBeenCalledWith("faceSearchEnabled", false);
    expect(localStorage.getItem("faceIndexingEnabled")).toBe("false");
  });

  it("follows the account when another device turned face indexing off", async () => {
    localStorage.setItem("faceIndexingEnabled", "true");
    const setFaceIndexing = vi.fn(() => Promise.resolve());
    show(fakePeopleClient(undefined, { setFaceIndexing }), false);
    await waitFor(() => {
      expect(setFaceIndexing).toHaveBeenCalledWith(false);
    });
    expect(localStorage.getItem("faceIndexingEnabled")).toBe("false");
    expect(faceSwitch().checked).toBe(false);
  });
});
