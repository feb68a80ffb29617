// The sharing dialog of an album (spec §6): its people and its public link.
// It reads the album's sharing from the worker when it opens and after
// every change it makes (the worker holds the key the link needs).

import { useCallback, useEffect, useState } from "react";
import { FormattedMessage } from "react-intl";
import type { AlbumSharing } from "../../../../workers/gallery/gallery-contract";
import type { GalleryClient } from "../../../common/library/gallery-client";
import { log } from "../../../common/log/log";
import { Button } from "../../../common/ui/Button";
import { ActionDialog } from "../actions/ActionDialog";
import { useLibraryAction } from "../actions/use-library-action";
import { ShareLinkSection } from "./ShareLinkSection";
import { SharePeopleSection } from "./SharePeopleSection";
import "./sharing.css";

export interface ShareAlbumDialogProps {
  collectionID: number;
  name: string;
  client: Pick<GalleryClient, "perform" | "albumSharing">;
  onClose: () => void;
}

export function ShareAlbumDialog({ collectionID, name, client, onClose }: ShareAlbumDialogProps) {
  const perform = useLibraryAction(client);
  const [sharing, setSharing] = useState<AlbumSharing | undefined>();

  const read = useCallback(() => {
    client.albumSharing(collectionID).then(
      (next) => {
        setSharing(next);
      },
      (e: unknown) => {
        log.error("Reading an album's sharing failed", e);
      },
    );
  }, [client, collectionID]);

  useEffect(read, [read]);

  return (
    <ActionDialog
      title={<FormattedMessage id="gallery.sharing.title" values={{ name }} />}
      onClose={onClose}
    >
      {() => (
        <div className="cairn-sharing" data-testid="share-dialog">
          {sharing !== undefined && (
            <>
              <SharePeopleSection sharing={sharing} perform={perform} onChanged={read} />
              {sharing.owned && (
                <ShareLinkSection sharing={sharing} perform={perform} onChanged={read} />
              )}
            </>
          )}
          <div className="cairn-dialog__buttons">
            <Button variant="secondary" fullWidth onClick={onClose}>
              <FormattedMessage id="action.close" />
            </Button>
          </div>
        </div>
      )}
    </ActionDialog>
  );
}
