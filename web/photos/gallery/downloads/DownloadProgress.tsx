import { useAtomValue } from "jotai";
import { FormattedMessage, useIntl } from "react-intl";
import { downloadProgressAtom, overallDownloadPercent } from "./download-progress";
import "./downloads.css";

export interface DownloadProgressProps {
  /** The shown name of a file, when the page knows it (rows fall back to a number). */
  nameOf?: (fileID: number) => string | undefined;
}

/**
 * The downloads in flight, for the gallery page: one line per file with its
 * percent; a file leaves the list when it completes (spec §4), and the list
 * disappears with the last one.
 */
export function DownloadProgress({ nameOf }: DownloadProgressProps) {
  const intl = useIntl();
  const progress = useAtomValue(downloadProgressAtom);
  if (progress.size === 0) return null;
  const entries = [...progress.entries()];
  return (
    <section
      className="gallery-downloads"
      aria-label={intl.formatMessage({ id: "gallery.download.listLabel" })}
      data-testid="download-progress"
    >
      <h2 className="gallery-downloads__title">
        <FormattedMessage
          id="gallery.download.summary"
          values={{ count: progress.size, percent: overallDownloadPercent(progress) }}
        />
      </h2>
      <ul className="gallery-downloads__list">
        {entries.map(([fileID, percent], position) => {
          const name =
            nameOf?.(fileID) ??
            intl.formatMessage({ id: "gallery.download.fileNumber" }, { number: position + 1 });
          return (
            <li key={fileID} className="gallery-downloads__item" data-file-id={fileID}>
              <span className="gallery-downloads__name">{name}</span>
              <progress
                className="gallery-downloads__bar"
                max={100}
                value={percent}
                aria-label={name}
                aria-valuetext={intl.formatNumber(percent / 100, { style: "percent" })}
              />
              <span className="gallery-downloads__percent">
                {intl.formatNumber(percent / 100, { style: "percent" })}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
