// "Join album" on a public album page whose link allows joining: a logged-in
// visitor adds the album to their library (as a viewer, or a collaborator when
// the link collects) and is taken to it; a visitor who is not logged in is told
// to sign in first (in a new tab, so this page and its link stay open) and to
// choose "Join album" again.

import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { useNavigate } from "react-router";
import type { JoinOutcome, JoiningAccount } from "../../../workers/public-album/join-album";
import { useMessageDialog } from "../../common/dialog/dialog-state";
import { log } from "../../common/log/log";
import { collectionParam } from "../gallery/gallery-url";
import { joiningAccount } from "./joining-account";

export interface JoinAlbumButtonProps {
  join: (account: JoiningAccount) => Promise<JoinOutcome>;
  /** The logged-in account; read from local storage unless given (tests). */
  account?: () => JoiningAccount | undefined;
}

export function JoinAlbumButton({ join, account = joiningAccount }: JoinAlbumButtonProps) {
  const intl = useIntl();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const { showMessageDialog, showErrorDialog } = useMessageDialog();

  const askToSignIn = (
    titleId: "publicAlbum.join.signInTitle" | "publicAlbum.join.sessionExpired",
  ) => {
    showMessageDialog({
      title: <FormattedMessage id={titleId} />,
      message: <FormattedMessage id="publicAlbum.join.signInMessage" />,
      proceed: {
        label: <FormattedMessage id="publicAlbum.join.signIn" />,
        action: () => {
          window.open("/login", "_blank", "noopener");
        },
      },
    });
  };

  const onClick = async () => {
    const visitor = account();
    if (visitor === undefined) {
      askToSignIn("publicAlbum.join.signInTitle");
      return;
    }
    setBusy(true);
    let outcome: JoinOutcome;
    try {
      outcome = await join(visitor);
    } catch (error) {
      log.error("Could not join the album", error);
      outcome = { kind: "failed", failure: "unknown" };
    } finally {
      setBusy(false);
    }
    switch (outcome.kind) {
      case "joined":
      case "own-album":
        void navigate(`/gallery?${collectionParam}=${String(outcome.collectionID)}`);
        return;
      case "session-expired":
        askToSignIn("publicAlbum.join.sessionExpired");
        return;
      case "not-allowed":
        showMessageDialog({
          title: <FormattedMessage id="publicAlbum.join" />,
          message: <FormattedMessage id="publicAlbum.join.notAllowed" />,
        });
        return;
      case "failed":
        showErrorDialog();
        return;
    }
  };

  return (
    <button
      type="button"
      className="cairn-view-header__tool"
      data-testid="public-album-join"
      disabled={busy}
      aria-busy={busy}
      onClick={() => void onClick()}
    >
      {intl.formatMessage({ id: "publicAlbum.join" })}
    </button>
  );
}
