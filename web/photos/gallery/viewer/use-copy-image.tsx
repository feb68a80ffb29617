// The viewer's "Copy" with the browser's I/O: the shown original, the
// clipboard, the PNG worker and the toast that says how it ended.
// See: [Note: The viewer copies the image it shows, as a PNG]

import { useCallback } from "react";
import { FormattedMessage } from "react-intl";
import type { GalleryItem } from "../../../../workers/gallery/gallery-contract";
import { log } from "../../../common/log/log";
import { useNotify } from "../../../common/shell/notification";
import { pngInWorker } from "./browser-png-worker";
import { copyImageToClipboard, type ImageClipboard } from "./clipboard-copy";
import { copyableImageOf, copyOutcomeDisplay, isCopyableFileType } from "./copy-image";
import type { OriginalCache } from "./original-cache";

/**
 * The page's clipboard for images, read at each copy; undefined without
 * the asynchronous Clipboard API (an insecure origin, an older browser).
 */
const browserImageClipboard = (): ImageClipboard | undefined => {
  // Declared always present, but absent on an insecure origin.
  const clipboard = navigator.clipboard as Clipboard | undefined;
  if (clipboard === undefined || typeof ClipboardItem === "undefined") return undefined;
  return {
    writePNG: (png) => clipboard.write([new ClipboardItem({ "image/png": png })]),
  };
};

const cancellableTimeout = (callback: () => void, delayMs: number) => {
  const timer = setTimeout(callback, delayMs);
  return () => {
    clearTimeout(timer);
  };
};

/**
 * The viewer's "Copy" of the shown file `item`, or undefined when it has
 * none (a video, another file, or no download allowed). It copies the image
 * the viewer shows (its original from `cache`, loaded or loading) and says
 * how it went in the toast. Call it from the click or key press itself: the
 * clipboard takes a write only then.
 */
export function useCopyImage(
  cache: Pick<OriginalCache, "get">,
  item: Pick<GalleryItem, "id" | "fileType"> | undefined,
  canDownload: boolean,
): (() => void) | undefined {
  const notify = useNotify();
  const fileID = item?.id;
  const copyable = canDownload && item !== undefined && isCopyableFileType(item.fileType);
  const copy = useCallback(
    (fileID: number) => {
      const image = cache.get(fileID).then((original) => {
        const shown = copyableImageOf(original);
        if (shown === undefined) throw new Error(`File ${String(fileID)} has no image to copy`);
        return shown;
      });
      void copyImageToClipboard(image, {
        clipboard: browserImageClipboard(),
        encodePNG: pngInWorker,
        setTimeout: cancellableTimeout,
        logFailure: (message, cause) => {
          log.error(message, cause);
        },
      }).then((outcome) => {
        const { message, variant } = copyOutcomeDisplay[outcome];
        notify(<FormattedMessage id={message} />, { variant });
      });
    },
    [cache, notify],
  );
  return copyable && fileID !== undefined
    ? () => {
        copy(fileID);
      }
    : undefined;
}
