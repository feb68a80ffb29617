// What the viewer shows of one file: the image (its thumbnail blurred until
// the original has loaded), the video, the live photo with its video on
// demand, or, for any other file, its name. Each says so, with a download,
// when the browser cannot show the original (or, for an image the worker
// should have converted, that it could not be converted).

import { useRef, useState, type CSSProperties, type ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { GalleryItem, OriginalMedia } from "../../../../workers/gallery/gallery-contract";
import { FileType } from "../../../../shared/model/library/file-metadata";
import { Button } from "../../../common/ui/Button";
import type { MediaURLs } from "./media-urls";
import { isUnconvertedImage } from "./unconverted-image";
import { Notice, Placeholder } from "./StageNotice";
import type { ConvertVideo } from "./use-converted-video";
import { VideoView } from "./VideoView";
import { FileIcon, LiveIcon } from "./viewer-icons";
import { enlargedMediaStyle, type Size, type ZoomState } from "./zoom";

export interface MediaStageProps {
  item: GalleryItem;
  /** The decrypted original; undefined while it loads (never asked for "other" files). */
  media: OriginalMedia | undefined;
  /** Object URLs of `media` (the viewer makes and revokes them). */
  urls: MediaURLs | undefined;
  loadFailed: boolean;
  /** Percent of the original downloaded so far, while it loads. */
  loadPercent: number | undefined;
  thumbnailURL: string | undefined;
  zoom: ZoomState;
  onNaturalSize: (size: Size) => void;
  onRetry: () => void;
  /** The download control offered where the original cannot be shown. */
  download: ReactNode;
  /** Asks for a playable version of a video the browser cannot play (the desktop app). */
  convertVideo?: ConvertVideo | undefined;
}

const zoomStyle = ({ scale, x, y }: ZoomState): CSSProperties => ({
  transform: `translate(${String(x)}px, ${String(y)}px) scale(${String(scale)})`,
});

type ImageLoad = "loading" | "loaded" | "undecodable";

function ImageView({
  url,
  title,
  unconverted,
  thumbnailURL,
  zoom,
  onNaturalSize,
  download,
  children,
}: {
  url: string;
  title: string;
  /** The image is one the worker could not convert (see `isUnconvertedImage`). */
  unconverted: boolean;
  thumbnailURL: string | undefined;
  zoom: ZoomState;
  onNaturalSize: (size: Size) => void;
  download: ReactNode;
  children?: ReactNode;
}) {
  const [load, setLoad] = useState<{
    url: string | undefined;
    state: ImageLoad;
    natural?: Size | undefined;
  }>({
    url,
    state: "loading",
  });
  const state = load.url === url ? load.state : "loading";
  return (
    <>
      <div className="gallery-viewer__zoom" style={zoomStyle(zoom)}>
        {state !== "loaded" && <Placeholder url={thumbnailURL} />}
        {state !== "undecodable" && (
          <img
            className="gallery-viewer__media"
            src={url}
            alt={title}
            draggable={false}
            data-testid="viewer-image"
            data-loaded={state === "loaded" ? "true" : undefined}
            style={
              state !== "loaded"
                ? { opacity: 0 }
                : load.natural === undefined
                  ? undefined
                  : enlargedMediaStyle(load.natural)
            }
            onLoad={(event) => {
              const image = event.currentTarget;
              const natural = { width: image.naturalWidth, height: image.naturalHeight };
              onNaturalSize(natural);
              setLoad({ url, state: "loaded", natural });
            }}
            onError={() => {
              setLoad({ url, state: "undecodable" });
            }}
          />
        )}
        {children}
      </div>
      {state === "undecodable" && (
        <Notice
          title={
            <FormattedMessage
              id={
                unconverted ? "gallery.viewer.conversionFailed" : "gallery.viewer.imageUnsupported"
              }
            />
          }
        >
          {download}
        </Notice>
      )}
    </>
  );
}

function LiveVideo({ url, onEnd }: { url: string; onEnd: () => void }) {
  return (
    <video
      className="gallery-viewer__media gallery-viewer__live-video"
      src={url}
      autoPlay
      muted
      playsInline
      data-testid="viewer-live-video"
      onEnded={onEnd}
      onError={onEnd}
    />
  );
}

function LivePhotoView({
  urls,
  title,
  unconverted,
  thumbnailURL,
  zoom,
  onNaturalSize,
  download,
}: {
  urls: MediaURLs;
  title: string;
  unconverted: boolean;
  thumbnailURL: string | undefined;
  zoom: ZoomState;
  onNaturalSize: (size: Size) => void;
  download: ReactNode;
}) {
  const intl = useIntl();
  const [playing, setPlaying] = useState(false);
  const pressedBy = useRef<string | undefined>(undefined);
  const stop = () => {
    setPlaying(false);
  };
  return (
    <>
      <ImageView
        url={urls.src}
        title={title}
        unconverted={unconverted}
        thumbnailURL={thumbnailURL}
        zoom={zoom}
        onNaturalSize={onNaturalSize}
        download={download}
      >
        {playing && urls.liveVideoSrc !== undefined && (
          <LiveVideo url={urls.liveVideoSrc} onEnd={stop} />
        )}
      </ImageView>
      <button
        type="button"
        className="gallery-viewer__live-button"
        aria-pressed={playing}
        aria-label={intl.formatMessage({ id: "gallery.viewer.playLive" })}
        onPointerEnter={(event) => {
          if (event.pointerType === "mouse") setPlaying(true);
        }}
        onPointerLeave={(event) => {
          if (event.pointerType === "mouse") setPlaying(false);
        }}
        onPointerDown={(event) => {
          pressedBy.current = event.pointerType;
        }}
        onClick={(event) => {
          // A mouse already plays the video by hovering: its click must not
          // stop it. Keyboard (detail 0), touch and pens toggle it.
          const byMouse = event.detail > 0 && pressedBy.current === "mouse";
          setPlaying((current) => (byMouse ? true : !current));
        }}
      >
        <LiveIcon size={18} />
        <FormattedMessage id="gallery.viewer.live" />
      </button>
    </>
  );
}

function OtherFileView({ title, download }: { title: string; download: ReactNode }) {
  return (
    <div className="gallery-viewer__other" data-testid="viewer-other">
      <FileIcon size={64} />
      <p className="gallery-viewer__other-name">{title}</p>
      <p className="gallery-viewer__notice-detail">
        <FormattedMessage id="gallery.viewer.noPreview" />
      </p>
      {download}
    </div>
  );
}

export function MediaStage({
  item,
  media,
  urls,
  loadFailed,
  loadPercent,
  thumbnailURL,
  zoom,
  onNaturalSize,
  onRetry,
  download,
  convertVideo,
}: MediaStageProps) {
  const intl = useIntl();
  if (item.fileType === FileType.others) {
    return <OtherFileView title={item.title} download={download} />;
  }
  if (loadFailed) {
    return (
      <>
        <Placeholder url={thumbnailURL} />
        <Notice title={<FormattedMessage id="gallery.viewer.loadFailed" />}>
          <div className="gallery-viewer__notice-buttons">
            <Button variant="secondary" onClick={onRetry}>
              <FormattedMessage id="action.retry" />
            </Button>
            {download}
          </div>
        </Notice>
      </>
    );
  }
  if (media === undefined || urls === undefined) {
    return (
      <>
        <div className="gallery-viewer__zoom" style={zoomStyle(zoom)}>
          <Placeholder url={thumbnailURL} />
        </div>
        <div className="gallery-viewer__loading" role="status" data-testid="viewer-loading">
          <span className="gallery-viewer__spinner" aria-hidden="true" />
          <FormattedMessage
            id="gallery.viewer.loading"
            values={{
              percent:
                loadPercent === undefined
                  ? ""
                  : intl.formatNumber(loadPercent / 100, { style: "percent" }),
            }}
          />
        </div>
      </>
    );
  }
  switch (media.kind) {
    case "image":
      return (
        <ImageView
          url={urls.src}
          title={item.title}
          unconverted={isUnconvertedImage(media, item.title)}
          thumbnailURL={thumbnailURL}
          zoom={zoom}
          onNaturalSize={onNaturalSize}
          download={download}
        />
      );
    case "video":
      return (
        <VideoView
          url={urls.src}
          thumbnailURL={thumbnailURL}
          download={download}
          convertVideo={convertVideo}
        />
      );
    case "live-photo":
      return (
        <LivePhotoView
          urls={urls}
          title={item.title}
          unconverted={isUnconvertedImage(media, item.title)}
          thumbnailURL={thumbnailURL}
          zoom={zoom}
          onNaturalSize={onNaturalSize}
          download={download}
        />
      );
    case "other":
      return <OtherFileView title={item.title} download={download} />;
  }
}
