// One group of similar photos on /deduplicate: the photos that look alike,
// each with its own checkbox (similar is not duplicate: the user picks which
// go), its thumbnail, name, size and albums, the largest first.
// See: [Note: Similar photos are near in hash and in time]

import { FormattedMessage, useIntl } from "react-intl";
import type { DuplicateFile, SimilarGroup } from "../../../workers/dedupe/duplicates-contract";
import type { ThumbnailStore } from "../gallery/thumbnails/thumbnail-store";
import { StorageSize } from "../../common/i18n/StorageSize";
import { AlbumNames, FileThumbnail } from "./list-parts";

export function SimilarGroupRow({
  group,
  chosen,
  onChoose,
  thumbnails,
  albumName,
}: {
  group: SimilarGroup;
  /** The photos chosen for the trash (of any group). */
  chosen: ReadonlySet<number>;
  onChoose: (fileID: number, chosen: boolean) => void;
  thumbnails: ThumbnailStore;
  albumName: (collectionID: number) => string | undefined;
}) {
  const intl = useIntl();
  const [first] = group.files;
  return (
    <section
      className="cairn-dedupe__group"
      data-testid="similar-group"
      data-similarity={group.similarity}
    >
      <div className="cairn-dedupe__group-header">
        <span className="cairn-dedupe__group-title">{first?.title}</span>
        <span className="cairn-dedupe__group-detail">
          <FormattedMessage
            id="dedupe.similar.group"
            values={{
              count: group.files.length,
              similarity: intl.formatNumber(group.similarity, {
                style: "percent",
                maximumFractionDigits: 0,
              }),
            }}
          />
        </span>
      </div>
      <ul className="cairn-dedupe__copies">
        {group.files.map((file) => (
          <SimilarPhoto
            key={file.fileID}
            file={file}
            chosen={chosen.has(file.fileID)}
            onChoose={(isChosen) => {
              onChoose(file.fileID, isChosen);
            }}
            thumbnails={thumbnails}
            albumName={albumName}
          />
        ))}
      </ul>
    </section>
  );
}

function SimilarPhoto({
  file,
  chosen,
  onChoose,
  thumbnails,
  albumName,
}: {
  file: DuplicateFile;
  chosen: boolean;
  onChoose: (chosen: boolean) => void;
  thumbnails: ThumbnailStore;
  albumName: (collectionID: number) => string | undefined;
}) {
  return (
    <li
      className="cairn-dedupe__copy"
      data-testid="similar-photo"
      data-file-id={file.fileID}
      data-chosen={chosen}
    >
      <label className="cairn-dedupe__similar-label">
        <FileThumbnail
          thumbnails={thumbnails}
          fileID={file.fileID}
          className="cairn-dedupe__thumbnail"
        />
        <input
          type="checkbox"
          className="cairn-dedupe__similar-choice"
          checked={chosen}
          aria-label={file.title}
          data-testid="similar-photo-choice"
          onChange={(event) => {
            onChoose(event.target.checked);
          }}
        />
        <span className="cairn-dedupe__copy-title" title={file.title}>
          {file.title}
        </span>
      </label>
      <span className="cairn-dedupe__copy-albums">
        <StorageSize sizeBytes={file.sizeBytes} />
      </span>
      <AlbumNames
        collectionIDs={file.collectionIDs}
        albumName={albumName}
        className="cairn-dedupe__copy-albums"
      />
    </li>
  );
}
