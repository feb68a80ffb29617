// Says, once, that someone shared an album with the user, with a way to open
// it. See: [Note: A new share is announced once]

import { useEffect } from "react";
import { FormattedMessage } from "react-intl";
import { useNavigate } from "react-router";
import type { GallerySummary } from "../../../../shared/model/library/gallery-summary";
import { localStore } from "../../../common/storage/local-store";
import { useNotify } from "../../../common/shell/notification";
import { galleryPagePath, viewAddress } from "../navigation/gallery-pages";
import { shareNews } from "./share-announcements";

/** How long the announcement stays: long enough to read a name and press Open. */
const announcementMs = 10_000;

export function useShareAnnouncements(
  summaries: readonly GallerySummary[] | undefined,
  synced: boolean,
) {
  const notify = useNotify();
  const navigate = useNavigate();
  useEffect(() => {
    const userID = localStore.get("user")?.id;
    if (summaries === undefined || summaries.length === 0 || userID === undefined) return;
    const news = shareNews(summaries, localStore.get("knownIncomingShares"), userID, synced);
    if (news === undefined) return;
    localStore.set("knownIncomingShares", news.known);
    const [first] = news.announce;
    if (first === undefined) return;
    const single = news.announce.length === 1;
    notify(
      single ? (
        <FormattedMessage
          id="gallery.sharing.announce.one"
          values={{ email: first.ownerEmail ?? "", name: first.name }}
        />
      ) : (
        <FormattedMessage
          id="gallery.sharing.announce.many"
          values={{ count: news.announce.length }}
        />
      ),
      {
        variant: "info",
        autoHideMs: announcementMs,
        action: {
          label: <FormattedMessage id="gallery.sharing.announce.open" />,
          run: () => {
            void navigate(single ? viewAddress(first.id) : galleryPagePath("sharing"));
          },
        },
      },
    );
  }, [summaries, synced, notify, navigate]);
}
