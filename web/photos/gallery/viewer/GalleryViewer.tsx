// The full-screen viewer of the gallery: one file of the open view at a time,
// with previous/next (buttons, arrow keys, swipes), a counter, zoom, the info
// panel and the file's actions. It is a modal dialog: focus stays inside,
// Escape closes it.

import {
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
} from "react";
import { createPortal } from "react-dom";
import { useIntl } from "react-intl";
import type {
  GalleryViewSnapshot,
  OriginalMedia,
} from "../../../../workers/gallery/gallery-contract";
import type { GallerySummary } from "../../../../shared/model/library/gallery-summary";
import { FileType } from "../../../../shared/model/library/file-metadata";
import { PseudoCollectionID } from "../../../../shared/model/library/gallery-summary";
import { CloseIcon } from "../../../common/brand/icons";
import { useFocusTrap } from "../../../common/dialog/focus-trap";
import type { MessageId } from "../../../common/i18n/messages";
import type { GalleryClient } from "../../../common/library/gallery-client";
import { log } from "../../../common/log/log";
import { useLibraryAction } from "../actions/use-library-action";
import { useStartDownload } from "../downloads/start-download";
import type { ThumbnailStore } from "../thumbnails/thumbnail-store";
import { useThumbnailURL } from "../thumbnails/use-thumbnail";
import { MediaStage } from "./MediaStage";
import { browserObjectURLs, createMediaURLs, revokeMediaURLs, type MediaURLs } from "./media-urls";
import { isPrefetchable, OriginalCache } from "./original-cache";
import { useCopyImage } from "./use-copy-image";
import { useEditedCopyClient } from "../../../common/library/library-state";
import { PhotoEditor } from "../../editor/PhotoEditor";
import { copyableImageOf, isCopyableFileType } from "./copy-image";
import { useViewerItems } from "./use-viewer-items";
import { useZoom } from "./use-zoom";
import { viewerCommandOfKey, type ViewerCommand } from "./viewer-input";
import { ViewerInfoPanel } from "./ViewerInfoPanel";
import { DownloadButton, ToolbarButton, ViewerToolbar } from "./ViewerToolbar";
import {
  ChevronLeftIcon,
  ChevronRightIcon,
  InfoIcon,
  PauseIcon,
  PlayIcon,
  ZoomInIcon,
  ZoomOutIcon,
} from "./viewer-icons";
import "./viewer.css";

/** How long the slideshow shows each photo. */
export const slideshowIntervalMs = 4000;

export interface GalleryViewerProps {
  client: GalleryClient;
  snapshot: GalleryViewSnapshot;
  thumbnails: ThumbnailStore;
  /** The shown file's index in the view. */
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** Hears each file the viewer shows (the page puts it in the address). */
  onFileShown?: ((fileID: number) => void) | undefined;
  viewID: number;
  /**
   * The albums bar's summaries: with them the viewer offers "add to album"
   * (the picker lists them) and "use as album cover" in an owned album.
   */
  summaries?: readonly GallerySummary[] | undefined;
  /** Whether the shown file may be downloaded (a public link's owner may forbid it); true by default. */
  canDownload?: boolean | undefined;
  /**
   * Whether a video the browser cannot play is converted (spec §6: only the
   * desktop app has native video conversion); true there by default.
   */
  convertsVideos?: boolean | undefined;
}

interface Shown {
  fileID: number;
  media?: OriginalMedia | undefined;
  urls?: MediaURLs | undefined;
  failed: boolean;
}

const isTextField = (target: EventTarget): boolean =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));

export function GalleryViewer({
  client,
  snapshot,
  thumbnails,
  index,
  onIndexChange,
  onClose,
  onFileShown,
  viewID,
  summaries,
  canDownload = true,
  convertsVideos = window.electron !== undefined,
}: GalleryViewerProps) {
  const intl = useIntl();
  const rootRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  useFocusTrap(rootRef);
  const perform = useLibraryAction(client);
  const startDownload = useStartDownload();
  const total = snapshot.totalCount;

  const items = useViewerItems(client, viewID, snapshot.version, index, onIndexChange);
  const item = items.current;
  const thumbnailURL = useThumbnailURL(thumbnails, item?.id);

  // The view shrank under the viewer (trash, archive, a sync): stay in range, or close when empty.
  useEffect(() => {
    if (total === 0) onClose();
    else if (index >= total) onIndexChange(total - 1);
  }, [total, index, onClose, onIndexChange]);

  const [progress, setProgress] = useState<{ fileID: number; percent: number }>();
  const cache = useMemo(
    () =>
      new OriginalCache((fileID) =>
        client.original(fileID, (progressFileID, percent) => {
          setProgress({ fileID: progressFileID, percent });
        }),
      ),
    [client],
  );
  useEffect(
    () => () => {
      cache.clear();
    },
    [cache],
  );

  const [shown, setShown] = useState<Shown>();
  const [attempt, setAttempt] = useState(0);
  const itemID = item?.id;
  const itemType = item?.fileType;

  const convertVideo = useMemo(
    () => (convertsVideos && itemID !== undefined ? () => client.playableVideo(itemID) : undefined),
    [convertsVideos, client, itemID],
  );

  useEffect(() => {
    if (itemID !== undefined) onFileShown?.(itemID);
  }, [itemID, onFileShown]);

  // The slideshow moves on every few seconds and stops after the last photo.
  const [playing, setPlaying] = useState(false);
  useEffect(() => {
    if (!playing) return;
    const timer = setTimeout(() => {
      if (index < total - 1) onIndexChange(index + 1);
      else setPlaying(false);
    }, slideshowIntervalMs);
    return () => {
      clearTimeout(timer);
    };
  }, [playing, index, total, onIndexChange]);
  const previous = items.previous;
  const next = items.next;

  // The shown original: its object URLs live exactly as long as the viewer stays on the file.
  useEffect(() => {
    if (itemID === undefined || itemType === undefined || itemType === FileType.others) return;
    let cancelled = false;
    let urls: MediaURLs | undefined;
    cache.get(itemID).then(
      (media) => {
        if (cancelled) return;
        urls = createMediaURLs(media, browserObjectURLs);
        setShown({ fileID: itemID, media, urls, failed: false });
      },
      (e: unknown) => {
        log.error("Could not load an original for the viewer", e);
        if (!cancelled) setShown({ fileID: itemID, failed: true });
      },
    );
    return () => {
      cancelled = true;
      if (urls !== undefined) revokeMediaURLs(urls, browserObjectURLs);
    };
  }, [cache, itemID, itemType, attempt]);

  // The neighbours are fetched ahead; everything else is let go.
  // See: [Note: The viewer holds at most three originals]
  useEffect(() => {
    if (itemID === undefined) return;
    cache.keepOnly([itemID, previous?.id, next?.id].filter((id) => id !== undefined));
    for (const neighbour of [next, previous]) {
      if (neighbour && isPrefetchable(neighbour.fileType)) cache.prefetch(neighbour.id);
    }
  }, [cache, itemID, previous, next]);

  const current = shown?.fileID === itemID ? shown : undefined;
  const media = current?.media;
  const zoomable = media?.kind === "image" || media?.kind === "live-photo";

  const go = (command: "previous" | "next") => {
    if (command === "previous" && index > 0) onIndexChange(index - 1);
    if (command === "next" && index < total - 1) onIndexChange(index + 1);
  };
  const zoom = useZoom(stageRef, itemID, zoomable, go);
  const [infoOpen, setInfoOpen] = useState(false);

  const download = () => {
    if (itemID !== undefined) void startDownload(client, [itemID], "files");
  };

  const copy = useCopyImage(cache, item, canDownload);

  // The photo editor over the viewer, on the image the viewer shows.
  const editedCopies = useEditedCopyClient();
  // What the editor opened stays while it is open, whatever the view does under it.
  const [editing, setEditing] = useState<{
    fileID: number;
    shownName: string;
    isOwn: boolean;
    source?: Blob | undefined;
  }>();
  const editable =
    editedCopies !== undefined &&
    canDownload &&
    item !== undefined &&
    isCopyableFileType(item.fileType) &&
    viewID !== PseudoCollectionID.trash;
  const edit = () => {
    if (!editable) return;
    const fileID = item.id;
    const opened = { fileID, shownName: item.title, isOwn: item.isOwn };
    setPlaying(false);
    setEditing(opened);
    cache.get(fileID).then(
      (original) => {
        const source = copyableImageOf(original);
        if (source === undefined) throw new Error(`File ${String(fileID)} has no image to edit`);
        setEditing((current) => (current?.fileID === fileID ? { ...opened, source } : current));
      },
      (e: unknown) => {
        log.error("Could not load an original for the editor", e);
        setEditing(undefined);
      },
    );
  };
  const showSavedCopy = (fileID: number) => {
    client.indexOfFile(viewID, fileID).then(
      (copyIndex) => {
        if (copyIndex >= 0) onIndexChange(copyIndex);
      },
      (e: unknown) => {
        log.error("Could not find a saved copy in the view", e);
      },
    );
  };

  const runCommand = (command: ViewerCommand) => {
    switch (command) {
      case "previous":
      case "next":
        go(command);
        return;
      case "close":
        onClose();
        return;
      case "toggle-info":
        setInfoOpen((open) => !open);
        return;
      case "copy":
        copy?.();
        return;
      case "edit":
        edit();
        return;
      case "zoom-in":
        zoom.zoomIn();
        return;
      case "zoom-out":
        zoom.zoomOut();
        return;
      case "zoom-reset":
        zoom.reset();
        return;
    }
  };

  const onKeyDown = (event: ReactKeyboardEvent) => {
    if (isTextField(event.target)) return;
    const command = viewerCommandOfKey(event);
    if (command === undefined) return;
    event.preventDefault();
    event.stopPropagation();
    runCommand(command);
  };

  const title = item?.title ?? "";
  const label = (id: MessageId) => intl.formatMessage({ id });

  return createPortal(
    <div
      ref={rootRef}
      className="gallery-viewer"
      role="dialog"
      aria-modal="true"
      aria-label={intl.formatMessage({ id: "gallery.viewer.label" }, { title })}
      tabIndex={-1}
      data-testid="gallery-viewer"
      data-file-id={itemID}
      onKeyDown={onKeyDown}
    >
      <header className="gallery-viewer__bar">
        <ToolbarButton label={label("action.close")} onClick={onClose} testID="viewer-close">
          <CloseIcon size={22} />
        </ToolbarButton>
        <div className="gallery-viewer__heading">
          <span className="gallery-viewer__counter" data-testid="viewer-counter">
            {intl.formatMessage(
              { id: "gallery.viewer.counter" },
              { position: intl.formatNumber(index + 1), total: intl.formatNumber(total) },
            )}
          </span>
          <span className="gallery-viewer__title">{title}</span>
        </div>
        {item && (
          <ViewerToolbar
            client={client}
            item={item}
            viewID={viewID}
            summaries={summaries}
            perform={perform}
            onDownload={canDownload ? download : undefined}
            onCopy={copy}
            onEdit={editable ? edit : undefined}
          />
        )}
        {total > 1 && (
          <ToolbarButton
            label={label(playing ? "gallery.viewer.slideshowStop" : "gallery.viewer.slideshow")}
            pressed={playing}
            testID="viewer-slideshow"
            onClick={() => {
              setPlaying((on) => !on);
            }}
          >
            {playing ? <PauseIcon /> : <PlayIcon />}
          </ToolbarButton>
        )}
        <ToolbarButton
          label={label("gallery.viewer.info")}
          pressed={infoOpen}
          testID="viewer-info-toggle"
          onClick={() => {
            setInfoOpen((open) => !open);
          }}
        >
          <InfoIcon />
        </ToolbarButton>
      </header>

      <div className="gallery-viewer__body">
        <div
          ref={stageRef}
          className="gallery-viewer__stage"
          data-zoomed={zoom.zoom.scale > 1 ? "true" : undefined}
          {...zoom.stageHandlers}
        >
          {item && (
            <MediaStage
              key={item.id}
              item={item}
              media={media}
              urls={current?.urls}
              loadFailed={current?.failed === true}
              loadPercent={progress?.fileID === item.id ? progress.percent : undefined}
              thumbnailURL={thumbnailURL}
              zoom={zoom.zoom}
              onNaturalSize={zoom.setNaturalSize}
              onRetry={() => {
                setShown(undefined);
                setAttempt((count) => count + 1);
              }}
              convertVideo={convertVideo}
              download={
                canDownload && (
                  <DownloadButton fileID={item.id} onDownload={download} variant="text" />
                )
              }
            />
          )}
          {index > 0 && (
            <button
              type="button"
              className="gallery-viewer__nav gallery-viewer__nav--previous"
              aria-label={label("gallery.viewer.previous")}
              onClick={() => {
                go("previous");
              }}
            >
              <ChevronLeftIcon size={28} />
            </button>
          )}
          {index < total - 1 && (
            <button
              type="button"
              className="gallery-viewer__nav gallery-viewer__nav--next"
              aria-label={label("gallery.viewer.next")}
              onClick={() => {
                go("next");
              }}
            >
              <ChevronRightIcon size={28} />
            </button>
          )}
          {zoomable && (
            <div className="gallery-viewer__zoom-controls">
              <ToolbarButton label={label("gallery.viewer.zoomOut")} onClick={zoom.zoomOut}>
                <ZoomOutIcon />
              </ToolbarButton>
              <span className="gallery-viewer__zoom-level" data-testid="viewer-zoom-level">
                {intl.formatNumber(zoom.zoom.scale, { style: "percent" })}
              </span>
              <ToolbarButton label={label("gallery.viewer.zoomIn")} onClick={zoom.zoomIn}>
                <ZoomInIcon />
              </ToolbarButton>
            </div>
          )}
        </div>
        {infoOpen && itemID !== undefined && (
          <ViewerInfoPanel
            client={client}
            fileID={itemID}
            version={snapshot.version}
            camera={
              media?.kind === "image" || media?.kind === "live-photo" ? media.exif : undefined
            }
            perform={perform}
          />
        )}
      </div>
      {editing !== undefined && (
        <PhotoEditor
          originalFileID={editing.fileID}
          viewID={viewID}
          shownName={editing.shownName}
          isOwn={editing.isOwn}
          source={editing.source}
          copies={editedCopies}
          onClose={() => {
            setEditing(undefined);
            rootRef.current?.focus();
          }}
          onSaved={showSavedCopy}
        />
      )}
    </div>,
    document.body,
  );
}
