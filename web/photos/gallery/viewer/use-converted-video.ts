// The viewer's playable version of a video the browser failed to play: asked
// of the worker once, shown from an object URL that lives as long as the
// viewer stays on the video. See: [Note: A video is converted only after the browser failed to play it]

import { useEffect, useState } from "react";
import type { PlayableVideo } from "../../../../workers/gallery/gallery-contract";
import { log } from "../../../common/log/log";
import { browserObjectURLs, type ObjectURLs } from "./media-urls";

/**
 * Where a conversion stands: not wanted (`idle`), running, done (`url`
 * plays the MP4), impossible in this app (`unconvertible`), or failed for
 * this file.
 */
export type VideoConversion =
  | { state: "idle" }
  | { state: "converting" }
  | { state: "converted"; url: string }
  | { state: "unconvertible" }
  | { state: "failed" };

export type ConvertVideo = () => Promise<PlayableVideo>;

/**
 * The conversion of the shown video, started when `wanted` turns true
 * (`convert` is kept stable for one file); without `convert` (the web app)
 * it is at once `unconvertible`.
 */
export function useConvertedVideo(
  wanted: boolean,
  convert: ConvertVideo | undefined,
  objectURLs: ObjectURLs = browserObjectURLs,
): VideoConversion {
  // Kept with the conversion it belongs to: a new `convert` starts from `converting`.
  const [answered, setAnswered] = useState<{
    convert: ConvertVideo;
    conversion: VideoConversion;
  }>();

  useEffect(() => {
    if (!wanted || convert === undefined) return;
    let cancelled = false;
    let url: string | undefined;
    convert().then(
      (answer) => {
        if (cancelled) return;
        if (!answer.converted) {
          setAnswered({ convert, conversion: { state: "unconvertible" } });
          return;
        }
        url = objectURLs.createObjectURL(answer.blob);
        setAnswered({ convert, conversion: { state: "converted", url } });
      },
      (e: unknown) => {
        log.error("Could not convert a video for the viewer", e);
        if (!cancelled) setAnswered({ convert, conversion: { state: "failed" } });
      },
    );
    return () => {
      cancelled = true;
      if (url !== undefined) objectURLs.revokeObjectURL(url);
    };
  }, [wanted, convert, objectURLs]);

  if (!wanted) return { state: "idle" };
  if (convert === undefined) return { state: "unconvertible" };
  return answered?.convert === convert ? answered.conversion : { state: "converting" };
}
