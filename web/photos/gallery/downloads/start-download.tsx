// Downloads originals for the gallery, the viewer and selections: asks the
// sync worker for them, saves each finished file, keeps the per-file
// progress in `downloadProgressAtom`, and reports a failure once through the
// message dialog ('token missing' or 'request failed', spec §5, §8).

import { getDefaultStore, useStore } from "jotai";
import { useCallback } from "react";
import { FormattedMessage } from "react-intl";
import { CairnError } from "../../../../shared/model/errors";
import type { DownloadedFile } from "../../../../workers/gallery/gallery-contract";
import { messageDialogAtom, shownDialog } from "../../../common/dialog/dialog-state";
import type { MessageId } from "../../../common/i18n/messages";
import type { GalleryClient } from "../../../common/library/gallery-client";
import { log } from "../../../common/log/log";
import { downloadProgressAtom, withDownloadProgress, withoutDownloads } from "./download-progress";
import { browserSaveFileDeps, saveDownloadedFile } from "./save-file";

export type DownloadMode = "files" | "zip";

type JotaiStore = ReturnType<typeof getDefaultStore>;

/** Why a download failed, as the user is told. */
export type DownloadFailure = "token-missing" | "request-failed";

// [Note: Errors from the sync worker keep only their name]
//
// Comlink carries a thrown Error across the worker boundary as its name,
// message and stack: the class and its `key` are lost. A `TokenMissingError`
// thrown in the worker arrives as a plain Error named "TokenMissingError",
// so it is recognised by its class when thrown on this side (tests, the
// Node client) and by its name when it crossed a worker.
const tokenMissingErrorName = "TokenMissingError";

/**
 * Spec §5: a download without a token fails with 'token missing'; every
 * other failure (spec §8: "Download with missing data gives request
 * failed") is 'request failed'.
 */
export function downloadFailureOf(error: unknown): DownloadFailure {
  if (error instanceof CairnError && error.key === "tokenMissing") return "token-missing";
  if (error instanceof Error && error.name === tokenMissingErrorName) return "token-missing";
  return "request-failed";
}

const failureMessageID: Record<DownloadFailure, MessageId> = {
  "token-missing": "gallery.download.tokenMissing",
  "request-failed": "gallery.download.requestFailed",
};

/** The name a zip is saved under when the caller names it (an album's name). */
export const zipFileName = (zipName: string): string =>
  zipName.toLowerCase().endsWith(".zip") ? zipName : `${zipName}.zip`;

export interface StartDownloadDeps {
  /** The jotai store the page's views read (progress, message dialog). */
  store: JotaiStore;
  save: (file: DownloadedFile) => void;
}

const defaultDeps = (): StartDownloadDeps => {
  const saveDeps = browserSaveFileDeps();
  return {
    store: getDefaultStore(),
    save: (file) => {
      saveDownloadedFile(file, saveDeps);
    },
  };
};

/**
 * Downloads `fileIDs`: in `files` mode each original is saved as it
 * finishes; in `zip` mode one zip holds them all (named `zipName` when
 * given, else as the worker names it). Resolves true when everything was
 * saved; on failure it has told the user and resolves false (it never
 * rejects, so callers can fire and forget).
 */
export async function startDownload(
  client: Pick<GalleryClient, "download">,
  fileIDs: readonly number[],
  mode: DownloadMode,
  zipName?: string,
  deps: StartDownloadDeps = defaultDeps(),
): Promise<boolean> {
  const { store } = deps;
  if (fileIDs.length === 0) return true;
  store.set(downloadProgressAtom, (progress) => {
    let next = progress;
    for (const fileID of fileIDs) next = withDownloadProgress(next, fileID, 0);
    return next;
  });
  try {
    await client.download(
      fileIDs,
      mode,
      (fileID, percent) => {
        store.set(downloadProgressAtom, (progress) =>
          withDownloadProgress(progress, fileID, percent),
        );
      },
      (file) => {
        deps.save(
          mode === "zip" && zipName !== undefined ? { ...file, name: zipFileName(zipName) } : file,
        );
      },
    );
    return true;
  } catch (e) {
    log.error(`Download of ${String(fileIDs.length)} file(s) failed`, e);
    const failure = downloadFailureOf(e);
    store.set(
      messageDialogAtom,
      shownDialog({
        title: <FormattedMessage id="error.title" />,
        message: <FormattedMessage id={failureMessageID[failure]} />,
      }),
    );
    return false;
  } finally {
    // Whatever became of each file, the download is over: nothing of it stays listed.
    store.set(downloadProgressAtom, (progress) => withoutDownloads(progress, fileIDs));
  }
}

/** `startDownload` bound to the jotai store of the views that call it. */
export function useStartDownload(): (
  client: Pick<GalleryClient, "download">,
  fileIDs: readonly number[],
  mode: DownloadMode,
  zipName?: string,
) => Promise<boolean> {
  const store = useStore();
  return useCallback(
    (client, fileIDs, mode, zipName) => {
      const saveDeps = browserSaveFileDeps();
      return startDownload(client, fileIDs, mode, zipName, {
        store,
        save: (file) => {
          saveDownloadedFile(file, saveDeps);
        },
      });
    },
    [store],
  );
}
