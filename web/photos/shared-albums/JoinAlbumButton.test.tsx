// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { JoinOutcome } from "../../../workers/public-album/join-album";
import { renderGallery } from "../gallery/test-support/gallery-views";
import { JoinAlbumButton } from "./JoinAlbumButton";

afterEach(cleanup);

const ana = { userID: 12, authToken: "session-token", publicKeyB64: "cHVibGlj" };

const renderButton = (outcome: JoinOutcome, account = () => ana as typeof ana | undefined) => {
  const join = vi.fn(() => Promise.resolve(outcome));
  const harness = renderGallery(<JoinAlbumButton join={join} account={account} />);
  render(harness.ui);
  return { join, router: harness.router };
};

describe("JoinAlbumButton", () => {
  it.each<JoinOutcome>([
    { kind: "joined", collectionID: 77 },
    { kind: "own-album", collectionID: 77 },
  ])(
    "joins with the logged-in account and opens the album in the gallery ($kind)",
    async (outcome) => {
      const { join, router } = renderButton(outcome);
      fireEvent.click(screen.getByRole("button", { name: "Join album" }));
      await waitFor(() => {
        expect(router.state.location.search).toBe("?collection=77");
      });
      expect(join).toHaveBeenCalledWith(ana);
    },
  );

  it("asks to sign in first when nobody is logged in, without calling the server", async () => {
    const { join } = renderButton({ kind: "joined", collectionID: 77 }, () => undefined);
    fireEvent.click(screen.getByRole("button", { name: "Join album" }));
    expect(await screen.findByRole("heading", { name: "Sign in to join" })).toBeTruthy();
    expect(join).not.toHaveBeenCalled();
  });

  it.each<[JoinOutcome, string]>([
    [{ kind: "session-expired" }, "Session expired"],
    [{ kind: "not-allowed" }, "The album's owner no longer lets people join it through this link."],
  ])("says why it could not join (%o)", async (outcome, said) => {
    const { router } = renderButton(outcome);
    fireEvent.click(screen.getByRole("button", { name: "Join album" }));
    expect(await screen.findByText(said)).toBeTruthy();
    expect(router.state.location.search).toBe("");
  });
});
