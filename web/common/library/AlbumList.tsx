import { FormattedMessage, useIntl } from "react-intl";
import { Visibility } from "../../../shared/model/library/file-metadata";
import type { LibrarySummary } from "../../../workers/sync/library-summary";

/**
 * The sidebar's albums with their file counts, then hidden items and the
 * trash when there are any. Issue #5 makes these open their files.
 */
export function AlbumList({ summary }: { summary: LibrarySummary | undefined }) {
  const intl = useIntl();
  if (summary === undefined) return null;
  const albums = summary.collections.filter((album) => album.visibility !== Visibility.hidden);
  const row = (key: string, name: string, count: number) => (
    <li key={key} className="cairn-albums__album" data-testid="album">
      <span className="cairn-albums__name">{name}</span>
      <span className="cairn-albums__count" data-testid="album-count">
        {intl.formatNumber(count)}
      </span>
    </li>
  );
  return (
    <section className="cairn-albums" aria-labelledby="cairn-albums-title">
      <p id="cairn-albums-title" className="cairn-sidebar__label">
        <FormattedMessage id="library.albums" />
      </p>
      <ul className="cairn-albums__list">
        {albums.map((album) => row(String(album.id), album.name, album.fileCount))}
        {summary.hiddenFileCount > 0 &&
          row("hidden", intl.formatMessage({ id: "library.hidden" }), summary.hiddenFileCount)}
        {summary.trashCount > 0 &&
          row("trash", intl.formatMessage({ id: "library.trash" }), summary.trashCount)}
      </ul>
    </section>
  );
}
