// Upload helpers for browser tests: files picked through the Upload
// button's inputs as a person picks them, and the upload panel read back
// (its phase, its heading, and each result group's count and file names).

import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import type { UploadResult } from "../../../shared/model/media/upload-outcomes";
import { fixtureMediaDir } from "../../test-support/media";
import { mediaWorkMs } from "./waits";

/** A file handed to the file picker from memory. */
export interface PickFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A photo of the shared fixtures, under its own name or `name`. */
export const fixtureFile = async (
  fixture: string,
  mimeType: string,
  name: string = fixture,
): Promise<PickFile> => ({
  name,
  mimeType,
  buffer: await readFile(path.join(fixtureMediaDir, fixture)),
});

/**
 * Picks `files` (from memory, or paths of files on disk, which Chromium then
 * reads from disk) through the Upload button's file input, in the open view.
 */
export const pickFiles = async (page: Page, files: readonly PickFile[] | readonly string[]) => {
  await page.getByTestId("upload-input-files").setInputFiles(files);
};

/**
 * Picks the folder at `folderPath` on disk through the Upload button's folder
 * input: each file arrives with its path inside the folder, the folder first.
 */
export const pickFolder = async (page: Page, folderPath: string) => {
  await page.getByTestId("upload-input-folder").setInputFiles(folderPath);
};

/** The panel's group of files with `result` (absent when the run had none). */
export const resultGroup = (page: Page, result: UploadResult) =>
  page.getByTestId(`upload-result-${result}`);

/** The panel's count of files with `result`, once the run has finished. */
export const resultCount = async (page: Page, result: UploadResult): Promise<number> => {
  const group = resultGroup(page, result);
  if ((await group.count()) === 0) return 0;
  return Number(await group.getAttribute("data-count"));
};

/** Every result group of the finished run with its count, e.g. `{ uploaded: 3 }`. */
export const resultCounts = async (page: Page): Promise<Record<string, number>> =>
  Object.fromEntries(
    await page
      .getByTestId("upload-summary")
      .locator("[data-testid^=upload-result-]")
      .evaluateAll((groups) =>
        groups.map((group) => [
          (group.getAttribute("data-testid") ?? "").replace("upload-result-", ""),
          Number(group.getAttribute("data-count")),
        ]),
      ),
  );

/** One file of a result group: its name and the reason shown beside it. */
export interface ListedFile {
  name: string;
  reason: string | undefined;
}

/** The files listed in the group of `result` (opened first when it is closed), in order. */
export const resultFiles = async (page: Page, result: UploadResult): Promise<ListedFile[]> => {
  const group = resultGroup(page, result);
  if ((await group.count()) === 0) return [];
  const toggle = group.getByRole("button").first();
  if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
  return group.locator(".cairn-upload-summary__file").evaluateAll((items) =>
    items.map((item) => ({
      name: item.querySelector(".cairn-upload-summary__name")?.textContent ?? "",
      reason: item.querySelector(".cairn-upload-summary__reason")?.textContent ?? undefined,
    })),
  );
};

/** The names of the files with `result`, sorted. */
export const resultNames = async (page: Page, result: UploadResult): Promise<string[]> =>
  (await resultFiles(page, result)).map(({ name }) => name).sort();

/** The run's phase as the panel says it (`data-phase`). */
export const uploadPhase = (page: Page) =>
  page.getByTestId("upload-phase").getAttribute("data-phase");

/**
 * Waits until the run has finished: the panel's phase is `finish` and the run
 * has ended, so its summary is shown. The worker's last progress snapshot
 * (phase `finish`) may come a moment before its answer ends the run.
 */
export const waitForFinish = async (page: Page) => {
  await expect.poll(() => uploadPhase(page), { timeout: mediaWorkMs }).toBe("finish");
  await page
    .locator('[data-testid="upload-panel"][data-state="ended"]')
    .waitFor({ timeout: mediaWorkMs });
};

/** The overall bar's percentage. */
export const overallPercent = async (page: Page): Promise<number> =>
  Number(await page.getByTestId("upload-overall").getAttribute("aria-valuenow"));

/** The panel's heading (the phase in words, or how the run ended). */
export const panelHeading = async (page: Page): Promise<string> =>
  (await page.getByTestId("upload-phase").textContent()) ?? "";

/** Closes the finished run's panel, so the next run starts with a fresh one. */
export const closePanel = async (page: Page) => {
  await page.getByTestId("upload-close").click();
  await page.getByTestId("upload-panel").waitFor({ state: "detached" });
};

/** The percentage shown beside the file `name` on its way. */
export const filePercent = async (page: Page, name: string): Promise<number> =>
  Number(
    await page
      .getByTestId("upload-in-progress")
      .getByRole("progressbar", { name, exact: true })
      .getAttribute("value"),
  );

/** The names of the files on their way, as the panel lists them. */
export const namesInProgress = async (page: Page): Promise<string[]> => {
  const list = page.getByTestId("upload-in-progress");
  if ((await list.count()) === 0) return [];
  return list
    .locator("[data-file-id]")
    .evaluateAll((items) =>
      items.map((item) => item.querySelector("progress")?.getAttribute("aria-label") ?? ""),
    );
};
