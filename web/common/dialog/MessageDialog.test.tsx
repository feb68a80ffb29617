// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppProviders } from "../app/test-support/render-in-app";
import type { MessageDialogAttributes } from "./dialog-state";
import { MessageDialog } from "./MessageDialog";

afterEach(cleanup);

const renderDialog = (
  attributes: MessageDialogAttributes,
  onClose = vi.fn(),
  onActionError = vi.fn(),
) => {
  render(
    <AppProviders>
      <button type="button">outside</button>
      <MessageDialog attributes={attributes} onClose={onClose} onActionError={onActionError} />
    </AppProviders>,
  );
  return { onClose, onActionError };
};

describe("MessageDialog", () => {
  it("is a labelled modal dialog with focus on its first button", async () => {
    renderDialog({ title: "Delete album?", message: "Files stay in other albums." });
    const dialog = await screen.findByRole("dialog", { name: "Delete album?" });
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    expect(dialog.getAttribute("aria-describedby")).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "OK" }));
  });

  it("keeps Tab inside the dialog", async () => {
    renderDialog({ title: "Move", proceed: { label: "Move" } });
    const proceed = await screen.findByRole("button", { name: "Move" });
    const cancel = screen.getByRole("button", { name: "Cancel" });
    expect(document.activeElement).toBe(proceed);
    fireEvent.keyDown(proceed, { key: "Tab" });
    expect(document.activeElement).toBe(cancel);
    fireEvent.keyDown(cancel, { key: "Tab" });
    expect(document.activeElement).toBe(proceed);
    fireEvent.keyDown(proceed, { key: "Tab", shiftKey: true });
    expect(document.activeElement).toBe(cancel);
  });

  it("closes on Escape when closable", async () => {
    const close = vi.fn();
    const { onClose } = renderDialog({ title: "Note", close: { action: close } });
    await screen.findByRole("dialog");
    fireEvent.keyDown(document, { key: "Escape" });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(close).toHaveBeenCalledTimes(1);
  });

  it("offers only its proceed button when not closable", async () => {
    const logIn = vi.fn();
    const { onClose } = renderDialog({
      title: "Session expired",
      closable: false,
      proceed: { label: "Log in", action: logIn },
    });
    await screen.findByRole("dialog", { name: "Session expired" });
    expect(screen.getAllByRole("button").map((b) => b.textContent)).toEqual(["outside", "Log in"]);
    fireEvent.keyDown(document, { key: "Escape" });
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Log in" }));
    await waitFor(() => {
      expect(onClose).toHaveBeenCalledTimes(1);
    });
    expect(logIn).toHaveBeenCalledTimes(1);
  });

  it("waits for an async proceed action, then closes", async () => {
    let finish = () => {};
    const action = () =>
      new Promise<void>((resolve) => {
        finish = resolve;
      });
    const { onClose } = renderDialog({
      title: "Empty trash?",
      style: "compact",
      proceed: { label: "Empty", variant: "critical", action },
    });
    const proceed = await screen.findByRole("button", { name: "Empty" });
    fireEvent.click(proceed);
    expect(proceed.getAttribute("aria-busy")).toBe("true");
    expect(onClose).not.toHaveBeenCalled();
    finish();
    await waitFor(() => {
      expect(onClose).toHaveBeenCalledTimes(1);
    });
  });

  it("reports a failed proceed action", async () => {
    const { onClose, onActionError } = renderDialog({
      title: "Rename",
      proceed: { label: "Rename", action: () => Promise.reject(new Error("offline")) },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Rename" }));
    await waitFor(() => {
      expect(onActionError).toHaveBeenCalledTimes(1);
    });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
