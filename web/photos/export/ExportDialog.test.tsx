// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ExportStage } from "../../../shared/model/export/export-record";
import { AppProviders } from "../../common/app/test-support/render-in-app";
import type { ExportController, ExportStatus } from "./export-controller";
import { ExportDialog } from "./ExportDialog";

afterEach(() => {
  cleanup();
});

const folder = "/home/mia/Pictures/Cairn Photos";

/** A controller that records what the dialog asks of it. */
const fakeController = (
  shown: Pick<ExportController, "setting" | "status">,
): ExportController & { calls: string[] } => {
  const calls: string[] = [];
  return {
    ...shown,
    calls,
    chooseFolder: () => {
      calls.push("choose folder");
      return Promise.resolve();
    },
    start: () => calls.push("start"),
    stop: () => calls.push("stop"),
    resync: () => calls.push("resync"),
    setContinuous: (enabled) => calls.push(`continuous ${String(enabled)}`),
  };
};

const idle = (change: Partial<ExportStatus> = {}): ExportStatus => ({
  stage: ExportStage.finished,
  progress: { total: 0, success: 0, failed: 0 },
  lastAttemptTimestampMs: null,
  running: false,
  continuous: false,
  ...change,
});

const renderDialog = (controller: ExportController) => {
  let closed = 0;
  render(
    <AppProviders>
      <ExportDialog
        controller={controller}
        onClose={() => {
          closed += 1;
        }}
      />
    </AppProviders>,
  );
  return { dialog: screen.getByRole("dialog", { name: "Export" }), closed: () => closed };
};

const button = (name: string) => screen.queryByRole("button", { name });

describe("ExportDialog", () => {
  it("explains and offers to choose a folder when none is chosen", () => {
    const controller = fakeController({ setting: undefined, status: undefined });
    const { dialog } = renderDialog(controller);
    expect(dialog.textContent).toContain("Choose a folder on this computer");
    expect(button("Start")).toBeNull();
    expect(button("Resync")).toBeNull();
    expect(screen.queryByRole("switch")).toBeNull();
    fireEvent.click(button("Choose folder") as HTMLElement);
    expect(controller.calls).toEqual(["choose folder"]);
  });

  it("shows a loading state, not an empty one, until the export process reports", () => {
    renderDialog(
      fakeController({ setting: { folder, continuousExport: false }, status: undefined }),
    );
    expect(screen.getByTestId("export-folder").textContent).toBe(folder);
    expect(screen.getByRole("status").textContent).toBe("Checking the export…");
    expect(button("Start")).toHaveProperty("disabled", true);
    expect(button("Resync")).toHaveProperty("disabled", true);
  });

  it("when idle, shows the folder, the last export's time and Start, Resync, Change", () => {
    const lastExportMs = Date.UTC(2026, 2, 14, 15, 30);
    const controller = fakeController({
      setting: { folder, continuousExport: true },
      status: idle({ lastAttemptTimestampMs: lastExportMs }),
    });
    const { dialog, closed } = renderDialog(controller);
    expect(screen.getByTestId("export-folder").textContent).toBe(folder);
    const shownTime = new Intl.DateTimeFormat("en-US", {
      dateStyle: "medium",
      timeStyle: "short",
    }).format(lastExportMs);
    expect(screen.getByTestId("export-last").textContent).toBe(`Last export${shownTime}`);
    expect(screen.getByRole("switch", { name: /Sync continuously/ })).toHaveProperty(
      "checked",
      true,
    );
    expect(button("Stop")).toBeNull();
    expect(within(dialog).queryByRole("alert")).toBeNull();
    expect(button("Resync")?.getAttribute("aria-describedby")).toBeTruthy();

    fireEvent.click(button("Start") as HTMLElement);
    fireEvent.click(button("Resync") as HTMLElement);
    fireEvent.click(button("Change") as HTMLElement);
    fireEvent.click(screen.getByRole("switch"));
    expect(controller.calls).toEqual(["start", "resync", "choose folder", "continuous false"]);
    fireEvent.click(button("Close") as HTMLElement);
    expect(closed()).toBe(1);
  });

  it("says never when nothing was exported yet", () => {
    renderDialog(fakeController({ setting: { folder, continuousExport: false }, status: idle() }));
    expect(screen.getByTestId("export-last").textContent).toBe("Last exportNever");
  });

  it("while exporting files shows the stage, 30 / 100, the failed files, and Stop, not Start", () => {
    const controller = fakeController({
      setting: { folder, continuousExport: false },
      status: idle({
        running: true,
        stage: ExportStage.exportingFiles,
        progress: { total: 100, success: 30, failed: 2 },
      }),
    });
    renderDialog(controller);
    const progress = screen.getByTestId("export-progress");
    expect(progress.textContent).toContain("Exporting files");
    expect(progress.textContent).toContain("30 / 100 files");
    expect(screen.getByTestId("export-failed").textContent).toBe("2 failed");
    expect(screen.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("32");
    expect(button("Start")).toBeNull();
    expect(button("Resync")).toBeNull();
    expect(button("Change")).toHaveProperty("disabled", true);
    fireEvent.click(button("Stop") as HTMLElement);
    expect(controller.calls).toEqual(["stop"]);
  });

  it("shows no count before the files are counted", () => {
    renderDialog(
      fakeController({
        setting: { folder, continuousExport: false },
        status: idle({
          running: true,
          stage: ExportStage.renamingCollectionFolders,
          progress: { total: 0, success: 0, failed: 0 },
        }),
      }),
    );
    expect(screen.getByTestId("export-progress").textContent).toBe("Renaming albums");
    expect(screen.queryByTestId("export-failed")).toBeNull();
    expect(screen.getByRole("progressbar").hasAttribute("aria-valuenow")).toBe(false);
  });

  it.each<[string, Partial<ExportStatus>, string]>([
    [
      "the folder is missing",
      { stoppedBecause: "folder-missing" },
      "The export folder does not exist any more. It may have been moved or renamed, or be on a drive that is not connected. Choose the folder again to continue.",
    ],
    ["the disk is full", { stoppedBecause: "disk-full" }, "The disk of the export folder is full."],
    [
      "it is read-only",
      { stoppedBecause: "read-only" },
      "Cairn cannot write to the export folder.",
    ],
    [
      "the record could not be updated",
      { stoppedBecause: "record-update-failed" },
      "Cairn could not note down what it exported",
    ],
    [
      "the record is unreadable",
      { failure: "record-unreadable" },
      "could not read its list of exported files",
    ],
    ["the record is too new", { failure: "record-too-new" }, "a newer version of Cairn"],
    ["something unexpected", { failure: "unknown" }, "an unexpected error"],
  ])("says so in words when %s", (_, change, words) => {
    renderDialog(
      fakeController({ setting: { folder, continuousExport: false }, status: idle(change) }),
    );
    expect(screen.getByRole("alert").textContent).toContain(words);
    expect(button("Start")).toHaveProperty("disabled", false);
  });

  it("tells a stop by the user from a problem", () => {
    renderDialog(
      fakeController({
        setting: { folder, continuousExport: false },
        status: idle({ stoppedBecause: "stopped" }),
      }),
    );
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByText(/The export was stopped/)).toBeTruthy();
  });

  it("after a run with files that failed, says how many", () => {
    renderDialog(
      fakeController({
        setting: { folder, continuousExport: false },
        status: idle({ progress: { total: 10, success: 7, failed: 3 } }),
      }),
    );
    expect(screen.getByText("3 files could not be exported. Start tries again.")).toBeTruthy();
  });
});
