// An opened public album: its name and count, the grid and the viewer of
// the gallery, and downloads (of the whole album, of a selection, of the
// shown file) only when the link's owner allows them. A visitor has no
// account, so nothing that organizes is offered: no albums bar, no
// favorites, no actions on a selection but download. When the link
// collects, the visitor adds photos with the gallery's upload button (or a
// drop), after giving their name, and sees them arrive in the grid.

import { useCallback, useEffect, useMemo, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { PublicAlbumFacts } from "../../../workers/public-album/public-album-contract";
import type { GalleryViewSnapshot } from "../../../workers/gallery/gallery-contract";
import type { UploadRequest } from "../../../workers/upload/upload-contract";
import type { GalleryClient } from "../../common/library/gallery-client";
import { Button } from "../../common/ui/Button";
import { SelectionBarFrame } from "../gallery/actions/SelectionBarFrame";
import { DownloadProgress } from "../gallery/downloads/DownloadProgress";
import { useStartDownload } from "../gallery/downloads/start-download";
import { GalleryGrid } from "../gallery/grid/GalleryGrid";
import { clear, type GallerySelection } from "../gallery/selection/gallery-selection";
import { ThumbnailStore } from "../gallery/thumbnails/thumbnail-store";
import { useOpenView } from "../gallery/use-open-view";
import { GalleryViewer } from "../gallery/viewer/GalleryViewer";
import { UploadButton } from "../upload/UploadButton";
import { useGalleryUpload } from "../upload/use-gallery-upload";
import { UploaderNameDialog } from "./UploaderNameDialog";
import "../gallery/gallery-page.css";

const noSelection = clear();

interface NameQuestion {
  request: UploadRequest;
  answer: (request: UploadRequest | undefined) => void;
}

export function PublicAlbumView({
  album,
  client,
  pushed,
  tools,
}: {
  album: PublicAlbumFacts;
  client: GalleryClient;
  /** The view's newest snapshot the worker pushed (a refresh, an upload). */
  pushed?: GalleryViewSnapshot | undefined;
  /** More of the header's tools (joining the album). */
  tools?: React.ReactNode;
}) {
  const intl = useIntl();
  const viewID = album.collectionID;
  const snapshot = useOpenView(client, viewID, pushed);

  // See: [Note: A visitor's uploads carry the name they gave]
  const [nameQuestion, setNameQuestion] = useState<NameQuestion>();
  const [lastName, setLastName] = useState(album.uploaderName ?? "");
  const completeRequest = useCallback(
    (request: UploadRequest) =>
      new Promise<UploadRequest | undefined>((answer) => {
        setNameQuestion({ request, answer });
      }),
    [],
  );
  const upload = useGalleryUpload({
    openSummary: undefined,
    summaries: [],
    album: album.enableCollect ? { id: album.collectionID, name: album.name } : undefined,
    completeRequest,
    uploader: "visitor",
  });
  const canUpload = album.enableCollect && upload.start !== undefined;
  const [selection, setSelection] = useState<GallerySelection>(clear);
  const [viewerIndex, setViewerIndex] = useState<number>();
  const [scrollToIndex, setScrollToIndex] = useState<number>();
  const startDownload = useStartDownload();
  const canDownload = album.enableDownload;

  const thumbnails = useMemo(() => new ThumbnailStore(client), [client]);
  useEffect(
    () => () => {
      thumbnails.dispose();
    },
    [thumbnails],
  );

  const count = snapshot?.totalCount ?? album.fileCount;
  const selectedIDs = [...selection.fileIDs];

  const downloadAll = async () => {
    const { items } = await client.viewWindow(viewID, 0, count);
    await startDownload(
      client,
      items.map(({ id }) => id),
      "zip",
      album.name,
    );
  };

  return (
    <div className="cairn-gallery-view cairn-public-album__view">
      <header className="cairn-view-header">
        <div className="cairn-view-header__title">
          <h1 data-testid="view-title">{album.name}</h1>
          <p className="cairn-view-header__count" data-testid="library-item-count">
            <FormattedMessage id="library.itemCount" values={{ count }} />
          </p>
        </div>
        <div className="cairn-view-header__tools">
          {canUpload && upload.start !== undefined && <UploadButton onPick={upload.start} />}
          {tools}
          {canDownload && count > 0 && (
            <button
              type="button"
              className="cairn-view-header__tool"
              data-testid="public-album-download-all"
              onClick={() => void downloadAll()}
            >
              {intl.formatMessage({ id: "publicAlbum.downloadAll" })}
            </button>
          )}
        </div>
      </header>
      {canDownload && selectedIDs.length > 0 && (
        <SelectionBarFrame
          count={selectedIDs.length}
          onClear={() => {
            setSelection(clear());
          }}
          actions={
            <Button
              variant="secondary"
              data-action="download"
              onClick={() =>
                void startDownload(
                  client,
                  selectedIDs,
                  selectedIDs.length === 1 ? "files" : "zip",
                  album.name,
                ).then((done) => {
                  if (done) setSelection(clear());
                })
              }
            >
              <FormattedMessage id="gallery.actions.download" />
            </Button>
          }
        />
      )}
      {snapshot !== undefined && (
        <GalleryGrid
          client={client}
          snapshot={snapshot}
          thumbnails={thumbnails}
          // Selecting serves only downloads: without them nothing is selected.
          selection={canDownload ? selection : noSelection}
          onSelectionChange={canDownload ? setSelection : () => undefined}
          onOpenItem={(index: number) => {
            setViewerIndex(index);
          }}
          scrollToIndex={scrollToIndex}
          emptyState={
            <p className="cairn-gallery__empty">
              <FormattedMessage
                id={canUpload ? "publicAlbum.emptyCollecting" : "publicAlbum.empty"}
              />
            </p>
          }
        />
      )}
      <div className="cairn-gallery-corner">
        {upload.panel}
        <DownloadProgress />
      </div>
      {upload.dropOverlay}
      {nameQuestion !== undefined && (
        <UploaderNameDialog
          initialName={lastName}
          onSubmit={(name) => {
            setLastName(name);
            nameQuestion.answer({ ...nameQuestion.request, uploaderName: name });
            setNameQuestion(undefined);
          }}
          onClose={() => {
            nameQuestion.answer(undefined);
            setNameQuestion(undefined);
          }}
        />
      )}
      {snapshot !== undefined && viewerIndex !== undefined && (
        <GalleryViewer
          client={client}
          snapshot={snapshot}
          thumbnails={thumbnails}
          index={viewerIndex}
          onIndexChange={setViewerIndex}
          onClose={() => {
            setScrollToIndex(viewerIndex);
            setViewerIndex(undefined);
          }}
          viewID={viewID}
          canDownload={canDownload}
        />
      )}
    </div>
  );
}
