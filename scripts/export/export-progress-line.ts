// The text `npm run export` shows while a run goes on: one progress line,
// redrawn in place on a terminal, and on anything else (a cron mail, a log)
// printed only when the stage changes or another 5% of the files is done.

import { ExportStage } from "../../shared/model/export/export-record";
import type { ExportProgress } from "../../workers/export/export-run";

/** The bar's width in characters: readable, and the whole line fits 80 columns. */
export const progressBarWidth = 10;

/**
 * Without a terminal, a progress line is printed each time another
 * twentieth (5%) of the files is done: at most 20 such lines a run whatever
 * the size of the library, so a cron mail stays readable.
 */
export const plainProgressSteps = 20;

const stageLabels: Record<ExportStage, string> = {
  [ExportStage.init]: "waiting",
  [ExportStage.migration]: "reading the export record",
  [ExportStage.starting]: "reading the library",
  [ExportStage.renamingCollectionFolders]: "renaming album folders",
  [ExportStage.trashingDeletedFiles]: "moving deleted files to Trash",
  [ExportStage.exportingFiles]: "exporting files",
  [ExportStage.trashingDeletedCollections]: "removing deleted albums",
  [ExportStage.finished]: "finished",
};

/** Files done, failed ones included. */
const processedOf = (progress: ExportProgress): number => progress.success + progress.failed;

/** `[#####.....]`: the share of the files done; before any file is planned, full once finished. */
export const progressBar = (stage: ExportStage, progress: ExportProgress): string => {
  const done =
    progress.total === 0
      ? stage === ExportStage.finished
        ? 1
        : 0
      : Math.min(1, processedOf(progress) / progress.total);
  const filled = Math.floor(done * progressBarWidth);
  return `[${"#".repeat(filled)}${".".repeat(progressBarWidth - filled)}]`;
};

/** The stages before the run knows how many files it exports. */
const stagesBeforeThePlan: ReadonlySet<ExportStage> = new Set([
  ExportStage.init,
  ExportStage.migration,
  ExportStage.starting,
]);

/**
 * `[#####.....] 120/500 files · 3 failed · exporting files`: no failed part
 * while none failed, and no count before the run has counted the files.
 */
export const progressLine = (stage: ExportStage, progress: ExportProgress): string => {
  const bar = progressBar(stage, progress);
  if (stagesBeforeThePlan.has(stage)) return `${bar} ${stageLabels[stage]}`;
  const parts = [`${bar} ${processedOf(progress)}/${progress.total} files`];
  if (progress.failed > 0) parts.push(`${progress.failed} failed`);
  parts.push(stageLabels[stage]);
  return parts.join(" · ");
};

/** What the last plain line printed showed. */
export interface PlainLineState {
  stage: ExportStage;
  /** How many 5% steps of the files were done. */
  step: number;
}

const stepOf = (progress: ExportProgress): number =>
  progress.total === 0
    ? 0
    : Math.floor((processedOf(progress) * plainProgressSteps) / progress.total);

/**
 * The plain line to print for a new status, or undefined when the last one
 * printed (`printed`) still tells it: a new stage, or another 5% of the files.
 */
export const nextPlainLine = (
  printed: PlainLineState | undefined,
  stage: ExportStage,
  progress: ExportProgress,
): { line: string; state: PlainLineState } | undefined => {
  const step = stepOf(progress);
  if (printed !== undefined && printed.stage === stage && step <= printed.step) return undefined;
  return { line: progressLine(stage, progress), state: { stage, step } };
};
