// One group of exact duplicates on /deduplicate: a checkbox choosing it for
// removal, and each copy with its thumbnail, name, size and albums, the copy
// that stays marked "Kept". See: [Note: Which copy of a duplicate is kept]

import { FormattedMessage } from "react-intl";
import type { DuplicateFile, DuplicateGroup } from "../../../workers/dedupe/duplicates-contract";
import type { ThumbnailStore } from "../gallery/thumbnails/thumbnail-store";
import { AlbumNames, FileThumbnail } from "./list-parts";
import { StorageSize } from "../../common/i18n/StorageSize";

export function DuplicateGroupRow({
  group,
  chosen,
  onChoose,
  thumbnails,
  albumName,
}: {
  group: DuplicateGroup;
  chosen: boolean;
  onChoose: (chosen: boolean) => void;
  thumbnails: ThumbnailStore;
  /** The shown name of one of the user's collections. */
  albumName: (collectionID: number) => string | undefined;
}) {
  const [kept] = group.files;
  return (
    <section className="cairn-dedupe__group" data-testid="dedupe-group">
      <label className="cairn-dedupe__group-header">
        <input
          type="checkbox"
          checked={chosen}
          data-testid="dedupe-group-choice"
          onChange={(event) => {
            onChoose(event.target.checked);
          }}
        />
        <span className="cairn-dedupe__group-title">{kept?.title}</span>
        <span className="cairn-dedupe__group-detail">
          <FormattedMessage
            id="dedupe.group.copies"
            values={{
              count: group.files.length,
              size: <StorageSize sizeBytes={kept?.sizeBytes} />,
            }}
          />
        </span>
      </label>
      <ul className="cairn-dedupe__copies">
        {group.files.map((file, position) => (
          <DuplicateCopy
            key={file.fileID}
            file={file}
            kept={position === 0}
            thumbnails={thumbnails}
            albumName={albumName}
          />
        ))}
      </ul>
    </section>
  );
}

function DuplicateCopy({
  file,
  kept,
  thumbnails,
  albumName,
}: {
  file: DuplicateFile;
  kept: boolean;
  thumbnails: ThumbnailStore;
  albumName: (collectionID: number) => string | undefined;
}) {
  return (
    <li
      className="cairn-dedupe__copy"
      data-testid="dedupe-copy"
      data-file-id={file.fileID}
      data-kept={kept}
    >
      <FileThumbnail
        thumbnails={thumbnails}
        fileID={file.fileID}
        className="cairn-dedupe__thumbnail"
      >
        {kept && (
          <span className="cairn-dedupe__kept">
            <FormattedMessage id="dedupe.kept" />
          </span>
        )}
      </FileThumbnail>
      <AlbumNames
        collectionIDs={file.collectionIDs}
        albumName={albumName}
        className="cairn-dedupe__copy-albums"
      />
    </li>
  );
}
