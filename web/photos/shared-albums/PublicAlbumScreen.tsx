// `/shared-albums` without its route: a link's album opened in a worker of
// its own (given, so view tests run it over a fake), asking for the
// password when there is one, or saying why it cannot be shown.

import { FormattedMessage } from "react-intl";
import type { StartPublicAlbumWorker } from "./public-album-client";
import { LinkFailureMessage } from "./LinkFailureMessage";
import { PasswordPrompt } from "./PasswordPrompt";
import { PublicAlbumView } from "./PublicAlbumView";
import { type PublicAlbumLink, usePublicAlbum } from "./use-public-album";
import "./shared-albums.css";

export function PublicAlbumScreen({
  startWorker,
  link,
}: {
  startWorker: StartPublicAlbumWorker;
  link: PublicAlbumLink;
}) {
  const { state, submitPassword, retry } = usePublicAlbum(startWorker, link);
  return (
    <main className="cairn-public-album" data-state={state.kind}>
      {state.kind === "opening" && (
        <p className="cairn-public-album__message" role="status">
          <FormattedMessage id="publicAlbum.opening" />
        </p>
      )}
      {state.kind === "failed" && <LinkFailureMessage failure={state.failure} onRetry={retry} />}
      {state.kind === "password-required" && <PasswordPrompt onSubmit={submitPassword} />}
      {state.kind === "ready" && <PublicAlbumView album={state.album} client={state.client} />}
    </main>
  );
}
