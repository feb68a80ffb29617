// The viewer's video: the original while the browser plays it; when its
// playability probe fails, the desktop app's MP4 of it (converting first),
// else 'video playback failed' with a download. See: [Note: A video is converted only after the browser failed to play it]

import type { ReactNode } from "react";
import { FormattedMessage } from "react-intl";
import { Notice, Placeholder } from "./StageNotice";
import { type ConvertVideo, useConvertedVideo } from "./use-converted-video";
import { useVideoPlayback } from "./video-playback";

function PlaybackFailed({
  thumbnailURL,
  conversionFailed,
  download,
}: {
  thumbnailURL: string | undefined;
  conversionFailed: boolean;
  download: ReactNode;
}) {
  return (
    <>
      <Placeholder url={thumbnailURL} />
      <Notice
        title={<FormattedMessage id="gallery.viewer.videoPlaybackFailed" />}
        detail={
          <FormattedMessage
            id={
              conversionFailed
                ? "gallery.viewer.videoConversionFailed.hint"
                : "gallery.viewer.videoPlaybackFailed.hint"
            }
          />
        }
      >
        {download}
      </Notice>
    </>
  );
}

type Playback = ReturnType<typeof useVideoPlayback>;

function VideoElement({
  url,
  thumbnailURL,
  playback: { playback, onLoadedMetadata, onError },
  converted,
}: {
  url: string;
  thumbnailURL: string | undefined;
  playback: Playback;
  converted: boolean;
}) {
  return (
    <video
      className="gallery-viewer__media gallery-viewer__video"
      src={url}
      poster={thumbnailURL}
      controls
      playsInline
      preload="metadata"
      data-testid="viewer-video"
      data-playback={playback}
      data-converted={converted ? "true" : undefined}
      onLoadedMetadata={onLoadedMetadata}
      onError={onError}
    />
  );
}

/** The converted MP4, probed again: a conversion the browser cannot play either fails. */
function ConvertedVideo({
  url,
  thumbnailURL,
  download,
}: {
  url: string;
  thumbnailURL: string | undefined;
  download: ReactNode;
}) {
  const playback = useVideoPlayback(url);
  if (playback.playback === "failed") {
    return <PlaybackFailed thumbnailURL={thumbnailURL} conversionFailed download={download} />;
  }
  return <VideoElement url={url} thumbnailURL={thumbnailURL} playback={playback} converted />;
}

export function VideoView({
  url,
  thumbnailURL,
  download,
  convertVideo,
}: {
  url: string;
  thumbnailURL: string | undefined;
  download: ReactNode;
  /** Asks for a playable version (the desktop app); without it a failed video stays failed. */
  convertVideo?: ConvertVideo | undefined;
}) {
  const original = useVideoPlayback(url);
  const conversion = useConvertedVideo(original.playback === "failed", convertVideo);
  switch (conversion.state) {
    case "idle":
      return (
        <VideoElement url={url} thumbnailURL={thumbnailURL} playback={original} converted={false} />
      );
    case "converting":
      return (
        <>
          <Placeholder url={thumbnailURL} />
          <Notice
            title={
              <span
                className="gallery-viewer__notice-progress"
                data-testid="viewer-video-converting"
              >
                <span className="gallery-viewer__spinner" aria-hidden="true" />
                <FormattedMessage id="gallery.viewer.videoConverting" />
              </span>
            }
            detail={<FormattedMessage id="gallery.viewer.videoConverting.hint" />}
          />
        </>
      );
    case "converted":
      return (
        <ConvertedVideo url={conversion.url} thumbnailURL={thumbnailURL} download={download} />
      );
    case "unconvertible":
    case "failed":
      return (
        <PlaybackFailed
          thumbnailURL={thumbnailURL}
          conversionFailed={conversion.state === "failed"}
          download={download}
        />
      );
  }
}
