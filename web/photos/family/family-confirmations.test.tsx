// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DialogHost } from "../../common/dialog/DialogHost";
import { AppProviders } from "../../common/app/test-support/render-in-app";
import type { FamilyClient } from "./family-client";
import type { FamilyListing, FamilyMemberRow } from "./family-view";
import { FamilyManager } from "./FamilyManager";

// The family page asks before removing a member, revoking an invite or
// leaving, naming the person; nothing is sent until the question is answered.

afterEach(cleanup);

const row = (email: string, status: string): FamilyMemberRow => ({
  id: `id-${email}`,
  email,
  status,
  usageBytes: 0,
  storageLimitBytes: null,
  isAdmin: status === "SELF",
});

const family: FamilyListing = {
  storageBytes: 100 * 1024 ** 3,
  members: [
    row("fay@example.org", "SELF"),
    row("gus@example.org", "ACCEPTED"),
    row("hal@example.org", "INVITED"),
  ],
};

const fakeClient = () => {
  const client = {
    fetchFamily: vi.fn(() => Promise.resolve(family)),
    createFamily: vi.fn(() => Promise.resolve()),
    invite: vi.fn(() => Promise.resolve()),
    removeMember: vi.fn(() => Promise.resolve()),
    revokeInvite: vi.fn(() => Promise.resolve()),
    changeLimit: vi.fn(() => Promise.resolve()),
    fetchInvite: vi.fn(() => Promise.resolve({ adminEmail: "fay@example.org" })),
    acceptInvite: vi.fn(() => Promise.resolve({ adminEmail: "fay@example.org", storageBytes: 0 })),
    leave: vi.fn(() => Promise.resolve()),
  };
  return client satisfies FamilyClient;
};

const renderPage = (callerEmail: string) => {
  const client = fakeClient();
  render(
    <AppProviders>
      <FamilyManager client={client} callerEmail={callerEmail} hasSession />
      <DialogHost />
    </AppProviders>,
  );
  return client;
};

const rowOf = async (email: string) =>
  (await screen.findAllByTestId("family-member")).find(
    (element) => element.getAttribute("data-email") === email,
  ) ?? expect.fail(`${email} is not listed`);

const dialogNamed = (name: string) => screen.findByRole("dialog", { name });

describe("the family page's confirmations", () => {
  it.each([
    {
      change: "removing a member",
      email: "gus@example.org",
      button: "Remove",
      question: "Remove gus@example.org from your family?",
      call: "removeMember" as const,
    },
    {
      change: "revoking an invite",
      email: "hal@example.org",
      button: "Revoke invite",
      question: "Revoke the invite to hal@example.org?",
      call: "revokeInvite" as const,
    },
  ])("asks before $change, and does nothing when cancelled", async (c) => {
    const client = renderPage("fay@example.org");
    const press = async () => {
      fireEvent.click(within(await rowOf(c.email)).getByRole("button", { name: c.button }));
    };

    await press();
    const dialog = await dialogNamed(c.question);
    expect(client[c.call]).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => {
      expect(screen.queryByRole("dialog")).toBeNull();
    });
    expect(client[c.call]).not.toHaveBeenCalled();

    await press();
    fireEvent.click(within(await dialogNamed(c.question)).getByRole("button", { name: c.button }));
    await waitFor(() => {
      expect(client[c.call]).toHaveBeenCalledWith(`id-${c.email}`);
    });
    await waitFor(() => {
      expect(screen.queryByRole("dialog")).toBeNull();
    });
    // The page shows the family as it now is.
    expect(client.fetchFamily).toHaveBeenCalledTimes(2);
  });

  it("asks a member before they leave, naming the admin, and does nothing when cancelled", async () => {
    const client = renderPage("gus@example.org");
    const leave = async () => {
      fireEvent.click(await screen.findByRole("button", { name: "Leave family" }));
    };

    await leave();
    const question = "Leave fay@example.org's family?";
    const dialog = await dialogNamed(question);
    expect(within(dialog).getByText(/no longer share fay@example.org's plan/)).toBeTruthy();
    fireEvent.keyDown(document, { key: "Escape" });
    await waitFor(() => {
      expect(screen.queryByRole("dialog")).toBeNull();
    });
    expect(client.leave).not.toHaveBeenCalled();

    await leave();
    fireEvent.click(
      within(await dialogNamed(question)).getByRole("button", { name: "Leave family" }),
    );
    await screen.findByText("You left the family. Your own plan applies again.");
    expect(client.leave).toHaveBeenCalledTimes(1);
  });
});
