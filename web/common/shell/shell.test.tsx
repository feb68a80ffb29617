// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createStore } from "jotai";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useMessageDialog } from "../dialog/dialog-state";
import { DialogHost } from "../dialog/DialogHost";
import { AppProviders } from "../app/test-support/render-in-app";
import { ThemeSwitch } from "../theme/ThemeSwitch";
import { loadingBarFadeMs, useLoadingBar } from "./loading-bar";
import { useNotify } from "./notification";
import { OfflineBanner } from "./OfflineBanner";
import { Toast } from "./Toast";
import { TopLoadingBar } from "./TopLoadingBar";

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const offlineMessage =
  "You are offline. Some features are unavailable until your connection is back.";

describe("OfflineBanner", () => {
  it("appears on an offline event and disappears on an online event", () => {
    const onLine = vi.spyOn(navigator, "onLine", "get").mockReturnValue(true);
    render(
      <AppProviders>
        <OfflineBanner />
      </AppProviders>,
    );
    expect(screen.queryByText(offlineMessage)).toBeNull();

    onLine.mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event("offline"));
    });
    expect(screen.getByRole("status").textContent).toBe(offlineMessage);

    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event("online"));
    });
    expect(screen.queryByText(offlineMessage)).toBeNull();
  });

  it("shows at once when the browser starts offline", async () => {
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    render(
      <AppProviders>
        <OfflineBanner />
      </AppProviders>,
    );
    expect(await screen.findByText(offlineMessage)).toBeTruthy();
  });
});

describe("ThemeSwitch", () => {
  it("starts dark and keeps the user's choice in local storage", async () => {
    const { unmount } = render(
      <AppProviders>
        <ThemeSwitch />
      </AppProviders>,
    );
    const dark = await screen.findByRole("button", { name: "Dark" });
    const light = screen.getByRole("button", { name: "Light" });
    expect(dark.getAttribute("aria-pressed")).toBe("true");
    expect(light.getAttribute("aria-pressed")).toBe("false");

    fireEvent.click(light);
    expect(light.getAttribute("aria-pressed")).toBe("true");
    expect(localStorage.getItem("theme")).toBe("light");
    unmount();

    // A fresh app (new store) reads the stored choice.
    render(
      <AppProviders store={createStore()}>
        <ThemeSwitch />
      </AppProviders>,
    );
    expect(
      (await screen.findByRole("button", { name: "Light" })).getAttribute("aria-pressed"),
    ).toBe("true");
  });

  it("ignores a corrupt stored theme", async () => {
    localStorage.setItem("theme", "purple");
    render(
      <AppProviders>
        <ThemeSwitch />
      </AppProviders>,
    );
    expect((await screen.findByRole("button", { name: "Dark" })).getAttribute("aria-pressed")).toBe(
      "true",
    );
  });
});

function ErrorButton() {
  const { showErrorDialog } = useMessageDialog();
  return (
    <button
      type="button"
      onClick={() => {
        showErrorDialog();
      }}
    >
      fail
    </button>
  );
}

describe("generic error dialog", () => {
  it("says ERROR / Something went wrong and closes with OK", async () => {
    render(
      <AppProviders>
        <ErrorButton />
        <DialogHost />
      </AppProviders>,
    );
    fireEvent.click(await screen.findByRole("button", { name: "fail" }));
    const dialog = screen.getByRole("dialog", { name: "Error" });
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    expect(dialog.textContent).toContain("Something went wrong, please try again");
    fireEvent.click(screen.getByRole("button", { name: "OK" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

function NotifyButton() {
  const notify = useNotify();
  return (
    <button
      type="button"
      onClick={() => {
        notify("Album renamed", { variant: "success", autoHideMs: 2000 });
      }}
    >
      notify
    </button>
  );
}

function UndoableButton({ onUndo }: { onUndo: () => void }) {
  const notify = useNotify();
  return (
    <button
      type="button"
      onClick={() => {
        notify("Moved 2 files to the trash", { action: { label: "Undo", run: onUndo } });
      }}
    >
      trash
    </button>
  );
}

describe("Toast", () => {
  it("offers its action beside the message, and hides once it is pressed", async () => {
    const onUndo = vi.fn();
    render(
      <AppProviders>
        <UndoableButton onUndo={onUndo} />
        <Toast />
      </AppProviders>,
    );
    fireEvent.click(await screen.findByRole("button", { name: "trash" }));
    fireEvent.click(screen.getByRole("button", { name: "Undo" }));
    expect(onUndo).toHaveBeenCalledTimes(1);
    expect(screen.queryByText("Moved 2 files to the trash")).toBeNull();
  });

  it("shows a notification and hides it after its time", async () => {
    render(
      <AppProviders>
        <NotifyButton />
        <Toast />
      </AppProviders>,
    );
    const button = await screen.findByRole("button", { name: "notify" });
    vi.useFakeTimers();
    fireEvent.click(button);
    expect(screen.getByRole("status").textContent).toContain("Album renamed");
    act(() => {
      vi.advanceTimersByTime(1999);
    });
    expect(screen.queryByText("Album renamed")).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText("Album renamed")).toBeNull();
  });

  it("can be dismissed", async () => {
    render(
      <AppProviders>
        <NotifyButton />
        <Toast />
      </AppProviders>,
    );
    fireEvent.click(await screen.findByRole("button", { name: "notify" }));
    fireEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByText("Album renamed")).toBeNull();
  });
});

function LoadingButtons() {
  const { start, complete } = useLoadingBar();
  return (
    <>
      <button type="button" onClick={start}>
        start
      </button>
      <button type="button" onClick={complete}>
        complete
      </button>
    </>
  );
}

describe("TopLoadingBar", () => {
  it("shows while work runs and goes away after completing", async () => {
    const { container } = render(
      <AppProviders>
        <LoadingButtons />
        <TopLoadingBar />
      </AppProviders>,
    );
    const bar = () => container.querySelector(".cairn-loading-bar");
    fireEvent.click(await screen.findByRole("button", { name: "start" }));
    expect(bar()?.getAttribute("data-phase")).toBe("running");
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole("button", { name: "complete" }));
    expect(bar()?.getAttribute("data-phase")).toBe("complete");
    act(() => {
      vi.advanceTimersByTime(loadingBarFadeMs);
    });
    expect(bar()).toBeNull();
  });
});
