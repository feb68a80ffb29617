// `/shared-albums` without its route: a link's album opened in a worker of
// its own (given, so view tests run it over a fake), asking for the
// password when there is one, or saying why it cannot be shown.

import { FormattedMessage } from "react-intl";
import { UploadClientContext } from "../upload/upload-client-context";
import type { StartPublicAlbumWorker } from "./public-album-client";
import { JoinAlbumButton } from "./JoinAlbumButton";
import { LinkFailureMessage } from "./LinkFailureMessage";
import { PasswordPrompt } from "./PasswordPrompt";
import { PublicAlbumView } from "./PublicAlbumView";
import { useAlbumRefresh } from "./use-album-refresh";
import { type PublicAlbumLink, usePublicAlbum } from "./use-public-album";
import "./shared-albums.css";

export function PublicAlbumScreen({
  startWorker,
  link,
}: {
  startWorker: StartPublicAlbumWorker;
  link: PublicAlbumLink;
}) {
  const { state, submitPassword, retry, refresh, join } = usePublicAlbum(startWorker, link);
  useAlbumRefresh(refresh);
  return (
    <main className="cairn-public-album" data-state={state.kind}>
      {state.kind === "opening" && (
        <p className="cairn-public-album__message" role="status">
          <FormattedMessage id="publicAlbum.opening" />
        </p>
      )}
      {state.kind === "failed" && <LinkFailureMessage failure={state.failure} onRetry={retry} />}
      {state.kind === "password-required" && <PasswordPrompt onSubmit={submitPassword} />}
      {state.kind === "ready" && (
        // A link that does not collect gets no upload client: no button, no drop zone.
        <UploadClientContext value={state.album.enableCollect ? state.uploads : undefined}>
          <PublicAlbumView
            album={state.album}
            client={state.client}
            pushed={state.pushed}
            tools={state.album.enableJoin && <JoinAlbumButton join={join} />}
          />
        </UploadClientContext>
      )}
    </main>
  );
}
