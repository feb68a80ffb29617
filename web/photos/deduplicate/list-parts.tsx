// What the lists of /deduplicate share: the toolbar over a list (what it
// is, what sets it, what is chosen, "Select all", "Select none", the action), the states
// before and without results, a scrolling list that draws only its rows on
// screen, a file's thumbnail, and a file's albums in a line.

import { type ReactNode, useRef } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { MessageId } from "../../common/i18n/messages";
import { Button } from "../../common/ui/Button";
import type { ThumbnailStore } from "../gallery/thumbnails/thumbnail-store";
import { useThumbnailURL } from "../gallery/thumbnails/use-thumbnail";
import { useRowWindow } from "./windowed-rows";

export function ListToolbar({
  explanationID,
  controls,
  summary,
  onChooseAll,
  onChooseNone,
  action,
}: {
  explanationID: MessageId;
  /** What sets what the list holds (the similar photos' slider), shown even when it is empty. */
  controls?: ReactNode;
  /** What is chosen and what it frees; no summary nor action while the list is empty. */
  summary?: { text: ReactNode; testID: string } | undefined;
  onChooseAll: () => void;
  onChooseNone: () => void;
  action: ReactNode;
}) {
  return (
    <section className="cairn-dedupe__toolbar">
      <p className="cairn-dedupe__explanation">
        <FormattedMessage id={explanationID} />
      </p>
      {controls}
      {summary !== undefined && (
        <div className="cairn-dedupe__summary">
          <span data-testid={summary.testID}>{summary.text}</span>
          <span className="cairn-dedupe__choices">
            <button type="button" className="cairn-dedupe__link-button" onClick={onChooseAll}>
              <FormattedMessage id="dedupe.chooseAll" />
            </button>
            <button type="button" className="cairn-dedupe__link-button" onClick={onChooseNone}>
              <FormattedMessage id="dedupe.chooseNone" />
            </button>
          </span>
          {action}
        </div>
      )}
    </section>
  );
}

/** Before the first answer, "looking"; with an empty one, what that means. Never both. */
export function ListState({
  looking,
  lookingID,
  noneID,
  noneDetailID,
  testIDPrefix,
}: {
  looking: boolean;
  lookingID: MessageId;
  noneID: MessageId;
  noneDetailID?: MessageId;
  testIDPrefix: string;
}) {
  if (looking) {
    return (
      <p className="cairn-dedupe__state" data-testid={`${testIDPrefix}-looking`} role="status">
        <FormattedMessage id={lookingID} />
      </p>
    );
  }
  return (
    <div className="cairn-dedupe__state" data-testid={`${testIDPrefix}-none`}>
      <h2>
        <FormattedMessage id={noneID} />
      </h2>
      {noneDetailID !== undefined && (
        <p>
          <FormattedMessage id={noneDetailID} />
        </p>
      )}
    </div>
  );
}

/** `count` rows of `rowHeightPx`, scrolling; only those on screen (and a few around) are drawn. */
export function WindowedList({
  count,
  rowHeightPx,
  testID,
  row,
}: {
  count: number;
  rowHeightPx: number;
  testID: string;
  /** Row `index`, placed at `topPx` (absolutely, within the list). */
  row: (index: number, topPx: number) => ReactNode;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const { start, end } = useRowWindow(scroller, count, rowHeightPx);
  return (
    <div className="cairn-dedupe__list" ref={scroller} data-testid={testID}>
      <ul className="cairn-dedupe__list-content" style={{ height: count * rowHeightPx }}>
        {Array.from({ length: end - start }, (_, offset) =>
          row(start + offset, (start + offset) * rowHeightPx),
        )}
      </ul>
    </div>
  );
}

/** The albums holding a file, in a line ("In no album" for none). */
export function AlbumNames({
  collectionIDs,
  albumName,
  className,
}: {
  collectionIDs: readonly number[];
  albumName: (collectionID: number) => string | undefined;
  className: string;
}) {
  const intl = useIntl();
  const albums = collectionIDs.flatMap((id) => albumName(id) ?? []);
  const line =
    albums.length === 0
      ? intl.formatMessage({ id: "dedupe.noAlbum" })
      : intl.formatList(albums, { type: "unit" });
  return (
    <span className={className} title={line}>
      {line}
    </span>
  );
}

/** A file's thumbnail, asked while shown; an empty tile until it arrives. `children` lie over it. */
export function FileThumbnail({
  thumbnails,
  fileID,
  className,
  children,
}: {
  thumbnails: ThumbnailStore;
  fileID: number;
  className: string;
  children?: ReactNode;
}) {
  const url = useThumbnailURL(thumbnails, fileID);
  return (
    <span className={className} aria-hidden="true">
      {url !== undefined && <img src={url} alt="" decoding="async" />}
      {children}
    </span>
  );
}

/** "Move to trash" for the chosen files, with the trash's confirmation; `onTrashed` once they went. */
export function TrashChosenButton({
  fileIDs,
  confirmTrash,
  onTrashed,
  testID,
}: {
  fileIDs: readonly number[];
  confirmTrash: (fileIDs: readonly number[]) => Promise<{ ok: boolean } | undefined>;
  onTrashed: () => void;
  testID: string;
}) {
  return (
    <Button
      variant="critical"
      disabled={fileIDs.length === 0}
      data-testid={testID}
      onClick={() => {
        void confirmTrash(fileIDs).then((outcome) => {
          if (outcome?.ok === true) onTrashed();
        });
      }}
    >
      <FormattedMessage id="gallery.actions.trash" />
    </Button>
  );
}
