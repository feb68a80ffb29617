import { useMemo, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { SimilarPhotosAnswer } from "../../../workers/dedupe/duplicates-contract";
import { defaultSimilarityThreshold } from "../../../shared/model/library/similarity-threshold";
import type { DuplicatesClient } from "../../common/library/duplicates-client";
import type { GalleryClient } from "../../common/library/gallery-client";
import { StorageSize } from "../../common/i18n/StorageSize";
import type { MessageId } from "../../common/i18n/messages";
import { useTrashConfirmation } from "../gallery/actions/use-trash-confirmation";
import type { ThumbnailStore } from "../gallery/thumbnails/thumbnail-store";
import { ListState, ListToolbar, WindowedList, TrashChosenButton } from "./list-parts";
import { SimilarGroupRow } from "./SimilarGroupRow";
import { useSimilarPhotos } from "./use-similar-photos";

/** A group's height on the page (deduplicate.css `--dedupe-similar-row-height`): rows are drawn by it. */
const similarRowHeightPx = 236;

/**
 * The slider's range: below a half, photos a third of whose hash differs
 * would join, which are different photos (see: [Note: One similarity scale
 * for the slider]); 5 % steps are a bit and a half of the hash each.
 */
const sliderMin = 0.5;
const sliderStep = 0.05;

/** Why an empty answer is empty: nothing alike, or nothing hashed to compare. */
const emptyStateOf = (
  answer: SimilarPhotosAnswer,
): { noneID: MessageId; noneDetailID: MessageId; testIDPrefix: string } => {
  if (answer.hashedPhotos > 0) {
    return {
      noneID: "dedupe.similar.none",
      noneDetailID: "dedupe.similar.none.detail",
      testIDPrefix: "similar",
    };
  }
  return answer.indexingEnabled
    ? {
        noneID: "dedupe.similar.notIndexed",
        noneDetailID: "dedupe.similar.notIndexed.detail",
        testIDPrefix: "similar-not-indexed",
      }
    : {
        noneID: "dedupe.similar.indexingOff",
        noneDetailID: "dedupe.similar.indexingOff.detail",
        testIDPrefix: "similar-indexing-off",
      };
};

/**
 * Photos that look alike (bursts, resized or re-encoded copies), grouped at
 * the slider's similarity. Nothing is chosen at first (similar photos are
 * not copies); the chosen ones move to the trash after the trash's usual
 * confirmation, with its undo. See: [Note: Similar photos are near in hash
 * and in time], [Note: One similarity scale for the slider]
 */
export function SimilarPhotosView({
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
  const intl = useIntl();
  const [threshold, setThreshold] = useState(defaultSimilarityThreshold);
  const answer = useSimilarPhotos(client, threshold, libraryVersion);
  const groups = answer?.groups;
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const confirmTrash = useTrashConfirmation(gallery);

  // Only photos still listed count (the slider or a sync may drop some).
  const chosenFiles = useMemo(
    () => (groups ?? []).flatMap(({ files }) => files.filter(({ fileID }) => chosen.has(fileID))),
    [groups, chosen],
  );
  const chosenBytes = chosenFiles.reduce((sum, { sizeBytes }) => sum + (sizeBytes ?? 0), 0);

  const choose = (fileID: number, isChosen: boolean) => {
    setChosen((before) => {
      const after = new Set(before);
      if (isChosen) after.add(fileID);
      else after.delete(fileID);
      return after;
    });
  };

  const hasGroups = groups !== undefined && groups.length > 0;
  const shownThreshold = intl.formatNumber(threshold, {
    style: "percent",
    maximumFractionDigits: 0,
  });
  return (
    <>
      <ListToolbar
        explanationID="dedupe.similar.explanation"
        controls={
          <label className="cairn-dedupe__slider">
            <span className="cairn-dedupe__slider-label">
              <FormattedMessage id="dedupe.similar.threshold" />
            </span>
            <input
              type="range"
              min={sliderMin}
              max={1}
              step={sliderStep}
              value={threshold}
              aria-valuetext={shownThreshold}
              data-testid="similar-threshold"
              onChange={(event) => {
                setThreshold(Number(event.target.value));
              }}
            />
            <output className="cairn-dedupe__slider-value" data-testid="similar-threshold-value">
              {shownThreshold}
            </output>
          </label>
        }
        summary={
          hasGroups
            ? {
                testID: "similar-summary",
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
          // Every photo but each group's first (the largest): choosing all
          // never empties a group.
          setChosen(
            new Set(
              (groups ?? []).flatMap(({ files }) => files.slice(1).map(({ fileID }) => fileID)),
            ),
          );
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
            testID="similar-trash"
          />
        }
      />
      {!hasGroups && answer === undefined && (
        <ListState
          looking
          lookingID="dedupe.similar.looking"
          noneID="dedupe.similar.none"
          testIDPrefix="similar"
        />
      )}
      {!hasGroups && answer !== undefined && (
        <ListState looking={false} lookingID="dedupe.similar.looking" {...emptyStateOf(answer)} />
      )}
      {hasGroups && thumbnails !== undefined && (
        <WindowedList
          count={groups.length}
          rowHeightPx={similarRowHeightPx}
          testID="similar-groups"
          row={(index, topPx) => {
            const group = groups[index];
            if (group === undefined) return null;
            return (
              <li
                key={group.groupKey}
                className="cairn-dedupe__row cairn-dedupe__row--similar"
                style={{ top: topPx }}
              >
                <SimilarGroupRow
                  group={group}
                  chosen={chosen}
                  onChoose={choose}
                  thumbnails={thumbnails}
                  albumName={albumName}
                />
              </li>
            );
          }}
        />
      )}
    </>
  );
}
