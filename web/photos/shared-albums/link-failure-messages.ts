// What the page says for each reason a public album cannot be shown, and
// whether trying again can help. Pure.

import type { LinkFailure } from "../../../workers/public-album/link-failures";
import type { MessageId } from "../../common/i18n/messages";

export interface LinkFailureDisplay {
  titleId: MessageId;
  messageId: MessageId;
  /** Trying again can change the answer (the network, a server error); a dead link stays dead. */
  retry: boolean;
}

export const linkFailureDisplay: Record<LinkFailure, LinkFailureDisplay> = {
  "link-invalid": {
    titleId: "publicAlbum.failure.linkInvalid.title",
    messageId: "publicAlbum.failure.linkInvalid",
    retry: false,
  },
  "link-expired": {
    titleId: "publicAlbum.failure.linkExpired.title",
    messageId: "publicAlbum.failure.linkExpired",
    retry: false,
  },
  "device-limit": {
    titleId: "publicAlbum.failure.deviceLimit.title",
    messageId: "publicAlbum.failure.deviceLimit",
    retry: false,
  },
  "incomplete-link": {
    titleId: "publicAlbum.failure.incompleteLink.title",
    messageId: "publicAlbum.failure.incompleteLink",
    retry: false,
  },
  network: {
    titleId: "publicAlbum.failure.network.title",
    messageId: "error.network",
    retry: true,
  },
  unknown: {
    titleId: "publicAlbum.failure.unknown.title",
    messageId: "error.unknown",
    retry: true,
  },
};
