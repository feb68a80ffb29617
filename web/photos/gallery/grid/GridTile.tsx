import { memo, useState, type MouseEvent, type ReactNode } from "react";
import { useIntl } from "react-intl";
import { FileType } from "../../../../shared/model/library/file-metadata";
import type { GalleryItem } from "../../../../workers/gallery/gallery-contract";
import type { ThumbnailStore } from "../thumbnails/thumbnail-store";
import { useThumbnail } from "../thumbnails/use-thumbnail";
import { CheckIcon } from "./CheckIcon";
import { formatDuration } from "./day-label";
import { trashDaysLeft } from "./trash-days";

/** How a click asks to act on a tile. */
export interface TileClick {
  /** Shift held: select the range from the anchor. */
  range: boolean;
  /** Ctrl or ⌘ held, or the checkbox clicked: toggle instead of opening. */
  toggle: boolean;
}

export interface GridTileProps {
  index: number;
  item: GalleryItem | undefined;
  widthPx: number;
  heightPx: number;
  /** Space before a tile that starts a day packed after another. See: [Note: Small days share a row] */
  dayMarginPx?: number | undefined;
  selected: boolean;
  /** A selection exists: checkboxes show on every tile and clicks toggle. */
  selecting: boolean;
  /** The roving focus's tile (the one Tab reaches). */
  tabbable: boolean;
  thumbnails: ThumbnailStore;
  onClickTile: (index: number, item: GalleryItem, click: TileClick) => void;
  onFocusTile: (index: number) => void;
}

const clickOf = (event: MouseEvent, toggle: boolean): TileClick => ({
  range: event.shiftKey,
  toggle: toggle || event.ctrlKey || event.metaKey,
});

/**
 * One tile of the grid (a square, or the photo's own shape): the thumbnail, its badges and its selection checkbox.
 *
 * [Note: A grid tile is as few elements as it can be]
 *
 * A fling mounts a screen of tiles every frame, and creating, styling and
 * painting elements is most of a frame's cost. So a tile is one element
 * (two with its thumbnail); badges exist only on files that have them, and
 * the selection checkbox only where it can be seen or used: under the
 * pointer, on the focused tile, on a selected tile and on every tile while a
 * selection exists. The tile itself carries `aria-selected` in a
 * multiselectable grid, so assistive technology never needed the checkbox.
 */
export const GridTile = memo(function GridTile({
  index,
  item,
  widthPx,
  heightPx,
  dayMarginPx,
  selected,
  selecting,
  tabbable,
  thumbnails,
  onClickTile,
  onFocusTile,
}: GridTileProps) {
  const intl = useIntl();
  const thumbnail = useThumbnail(thumbnails, item?.id);
  const url = thumbnail?.url;
  const [loadedURL, setLoadedURL] = useState<string | undefined>(undefined);
  const [pointerOver, setPointerOver] = useState(false);
  const [focused, setFocused] = useState(false);
  const style = { width: widthPx, height: heightPx, marginInlineStart: dayMarginPx };

  if (item === undefined) {
    return (
      <div
        role="gridcell"
        className="gallery-tile gallery-tile--pending"
        data-testid="gallery-tile-pending"
        data-index={index}
        aria-busy="true"
        aria-label={intl.formatMessage({ id: "gallery.grid.loadingItem" })}
        tabIndex={tabbable ? 0 : -1}
        style={style}
        onFocus={() => {
          onFocusTile(index);
        }}
      />
    );
  }

  // See: [Note: A thumbnail is decoded before it is shown]
  const decoded = thumbnail?.decoded === true;
  const loaded = url !== undefined && (decoded || loadedURL === url);
  const showCheck = selecting || selected || pointerOver || focused;
  const isVideo = item.fileType === FileType.video;
  const isLivePhoto = item.fileType === FileType.livePhoto;
  const className = [
    "gallery-tile",
    selected ? "gallery-tile--selected" : "",
    selecting ? "gallery-tile--selecting" : "",
  ]
    .filter(Boolean)
    .join(" ");

  return (
    <div
      role="gridcell"
      className={className}
      data-testid="gallery-tile"
      data-file-id={item.id}
      data-index={index}
      data-loaded={loaded ? "true" : undefined}
      aria-selected={selected}
      aria-label={item.title}
      tabIndex={tabbable ? 0 : -1}
      style={style}
      onClick={(event) => {
        onClickTile(index, item, clickOf(event, false));
      }}
      onFocus={() => {
        setFocused(true);
        onFocusTile(index);
      }}
      onBlur={() => {
        setFocused(false);
      }}
      onPointerEnter={() => {
        setPointerOver(true);
      }}
      onPointerLeave={() => {
        setPointerOver(false);
      }}
    >
      {url !== undefined && (
        <img
          className={
            loaded ? "gallery-tile__image gallery-tile__image--loaded" : "gallery-tile__image"
          }
          src={url}
          alt=""
          decoding="async"
          draggable={false}
          onLoad={
            decoded
              ? undefined
              : () => {
                  setLoadedURL(url);
                }
          }
        />
      )}
      {(isVideo || isLivePhoto) && (
        <span className="gallery-tile__badges">
          {isVideo && (
            <TileBadge
              className="gallery-tile__badge"
              testID="tile-video-badge"
              label={intl.formatMessage({ id: "gallery.grid.video" })}
            >
              <PlayIcon />
              {item.durationSec !== undefined && <span>{formatDuration(item.durationSec)}</span>}
            </TileBadge>
          )}
          {isLivePhoto && (
            <TileBadge
              className="gallery-tile__badge"
              testID="tile-live-badge"
              label={intl.formatMessage({ id: "gallery.grid.livePhoto" })}
            >
              <LiveIcon />
            </TileBadge>
          )}
        </span>
      )}
      {item.deleteByUs !== undefined && <TrashDaysBadge deleteByUs={item.deleteByUs} />}
      {item.uploaderName !== undefined && (
        <TileBadge
          className="gallery-tile__uploader"
          testID="tile-uploader"
          label={intl.formatMessage(
            { id: "gallery.viewer.info.addedBy" },
            { name: item.uploaderName },
          )}
        >
          <span aria-hidden="true">{initialOf(item.uploaderName)}</span>
        </TileBadge>
      )}
      {item.isFavorite && (
        <TileBadge
          className="gallery-tile__favorite"
          testID="tile-favorite"
          label={intl.formatMessage({ id: "gallery.grid.favorite" })}
        >
          <HeartIcon />
        </TileBadge>
      )}
      {showCheck && (
        <span
          role="checkbox"
          className="gallery-tile__check"
          data-testid="tile-checkbox"
          aria-checked={selected}
          aria-label={intl.formatMessage({ id: "gallery.grid.selectItem" }, { name: item.title })}
          onClick={(event) => {
            event.stopPropagation();
            onClickTile(index, item, clickOf(event, true));
          }}
        >
          {selected && <CheckIcon />}
        </span>
      )}
    </div>
  );
});

/** A trashed file's days left before it is deleted for good. */
function TrashDaysBadge({ deleteByUs }: { deleteByUs: number }) {
  const intl = useIntl();
  // The time the badge first showed: days change slowly, and a tile is
  // mounted afresh whenever it scrolls back into view.
  const [shownAtMs] = useState(Date.now);
  const days = trashDaysLeft(deleteByUs, shownAtMs);
  return (
    <TileBadge
      className="gallery-tile__badge gallery-tile__trash-days"
      testID="tile-trash-days"
      label={intl.formatMessage({ id: "gallery.trash.daysLeft.label" }, { days })}
    >
      <span aria-hidden="true">
        {intl.formatMessage({ id: "gallery.trash.daysLeft" }, { days })}
      </span>
    </TileBadge>
  );
}

/** A badge over the thumbnail: an icon (and text) named for assistive technology. */
/** The first letter of a name or address, as an avatar shows it. */
const initialOf = (name: string): string => (Array.from(name.trim())[0] ?? "?").toLocaleUpperCase();

function TileBadge({
  className,
  testID,
  label,
  children,
}: {
  className: string;
  testID: string;
  label: string;
  children: ReactNode;
}) {
  return (
    <span className={className} data-testid={testID} role="img" aria-label={label}>
      {children}
    </span>
  );
}

function PlayIcon() {
  return (
    <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true">
      <path d="M4 2.5v11l9-5.5z" fill="currentColor" />
    </svg>
  );
}

function LiveIcon() {
  return (
    <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
      <circle cx="8" cy="8" r="2.2" fill="currentColor" />
      <circle cx="8" cy="8" r="4.6" fill="none" stroke="currentColor" strokeWidth="1.2" />
      <circle
        cx="8"
        cy="8"
        r="7"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.2"
        strokeDasharray="1.5 1.6"
      />
    </svg>
  );
}

function HeartIcon() {
  return (
    <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
      <path
        d="M8 14s-5.5-3.4-5.5-7.3A3 3 0 0 1 8 4.6a3 3 0 0 1 5.5 2.1C13.5 10.6 8 14 8 14z"
        fill="currentColor"
      />
    </svg>
  );
}
