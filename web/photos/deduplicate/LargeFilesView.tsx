import { useMemo, useState } from "react";
import { FormattedDate, FormattedMessage } from "react-intl";
import type { LargeFile } from "../../../workers/dedupe/duplicates-contract";
import type { DuplicatesClient } from "../../common/library/duplicates-client";
import type { GalleryClient } from "../../common/library/gallery-client";
import { useTrashConfirmation } from "../gallery/actions/use-trash-confirmation";
import type { ThumbnailStore } from "../gallery/thumbnails/thumbnail-store";
import { StorageSize } from "../../common/i18n/StorageSize";
import { useLibraryAnswer } from "./use-library-answer";
import {
  AlbumNames,
  FileThumbnail,
  ListState,
  ListToolbar,
  WindowedList,
  TrashChosenButton,
} from "./list-parts";

/** A file's row height (deduplicate.css `.cairn-dedupe__large-row`): rows are drawn by it. */
const fileRowHeightPx = 76;

/**
 * The user's own files of 10 MiB and up, largest first: the few deletions
 * that free the most storage. None is chosen at first (unlike duplicates,
 * nothing here is a copy); the chosen ones move to the trash after the
 * trash's usual confirmation, with its undo.
 */
export function LargeFilesView({
  client,
  gallery,
  thumbnails,
  albumName,
  libraryVersion,
}: {
  client: DuplicatesClient | undefined;
  gallery: GalleryClient | undefined;
  thumbnails: ThumbnailStore | undefined;
  albumName: (collectionID: number) => string | undefined;
  libraryVersion: unknown;
}) {
  const files = useLibraryAnswer(client?.largeFiles, libraryVersion, "large files");
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const confirmTrash = useTrashConfirmation(gallery);

  // Only files still listed count (one trashed elsewhere drops out).
  const chosenFiles = useMemo(
    () => (files ?? []).filter(({ fileID }) => chosen.has(fileID)),
    [files, chosen],
  );
  const chosenBytes = chosenFiles.reduce((sum, { sizeBytes }) => sum + sizeBytes, 0);

  const choose = (fileID: number, isChosen: boolean) => {
    setChosen((before) => {
      const after = new Set(before);
      if (isChosen) after.add(fileID);
      else after.delete(fileID);
      return after;
    });
  };

  const hasFiles = files !== undefined && files.length > 0;
  return (
    <>
      <ListToolbar
        explanationID="dedupe.large.explanation"
        summary={
          hasFiles
            ? {
                testID: "large-summary",
                text: (
                  <FormattedMessage
                    id="dedupe.large.summary"
                    values={{
                      count: chosenFiles.length,
                      size: <StorageSize sizeBytes={chosenBytes} />,
                    }}
                  />
                ),
              }
            : undefined
        }
        onChooseAll={() => {
          setChosen(new Set((files ?? []).map(({ fileID }) => fileID)));
        }}
        onChooseNone={() => {
          setChosen(new Set());
        }}
        action={
          <TrashChosenButton
            fileIDs={chosenFiles.map(({ fileID }) => fileID)}
            confirmTrash={confirmTrash}
            onTrashed={() => {
              setChosen(new Set());
            }}
            testID="large-trash"
          />
        }
      />
      {!hasFiles && (
        <ListState
          looking={files === undefined}
          lookingID="dedupe.large.looking"
          noneID="dedupe.large.none"
          testIDPrefix="large"
        />
      )}
      {hasFiles && thumbnails !== undefined && (
        <WindowedList
          count={files.length}
          rowHeightPx={fileRowHeightPx}
          testID="large-files"
          row={(index, topPx) => {
            const file = files[index];
            if (file === undefined) return null;
            return (
              <LargeFileRow
                key={file.fileID}
                file={file}
                topPx={topPx}
                chosen={chosen.has(file.fileID)}
                onChoose={(isChosen) => {
                  choose(file.fileID, isChosen);
                }}
                thumbnails={thumbnails}
                albumName={albumName}
              />
            );
          }}
        />
      )}
    </>
  );
}

function LargeFileRow({
  file,
  topPx,
  chosen,
  onChoose,
  thumbnails,
  albumName,
}: {
  file: LargeFile;
  topPx: number;
  chosen: boolean;
  onChoose: (chosen: boolean) => void;
  thumbnails: ThumbnailStore;
  albumName: (collectionID: number) => string | undefined;
}) {
  return (
    <li
      className="cairn-dedupe__large-row"
      style={{ top: topPx }}
      data-testid="large-file"
      data-file-id={file.fileID}
    >
      <label className="cairn-dedupe__large-label">
        <input
          type="checkbox"
          checked={chosen}
          data-testid="large-file-choice"
          onChange={(event) => {
            onChoose(event.target.checked);
          }}
        />
        <FileThumbnail
          thumbnails={thumbnails}
          fileID={file.fileID}
          className="cairn-dedupe__large-thumbnail"
        />
        <span className="cairn-dedupe__large-text">
          <span className="cairn-dedupe__large-title">{file.title}</span>
          <span className="cairn-dedupe__large-detail">
            <FormattedDate value={file.creationTimeUs / 1000} dateStyle="medium" />
            {" · "}
            <AlbumNames
              collectionIDs={file.collectionIDs}
              albumName={albumName}
              className="cairn-dedupe__large-albums"
            />
          </span>
        </span>
        <span className="cairn-dedupe__large-size">
          <StorageSize sizeBytes={file.sizeBytes} />
        </span>
      </label>
    </li>
  );
}
