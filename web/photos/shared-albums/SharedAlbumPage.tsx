// `/shared-albums?t=<token>#<key>`: a public link's album for anyone who holds
// the link, no account needed (spec §2). The page hands the address to the
// public album worker, which alone reads the key.
// See: [Note: A link's key lives only in its fragment]

import { useLocation } from "react-router";
import { startBrowserPublicAlbumWorker } from "./browser-public-album-worker";
import { useRuntimeConfig } from "../../common/config/runtime-config-context";
import { useDocumentTitle } from "../../common/shell/document-title";
import type { PublicAlbumWorker } from "./public-album-client";
import { PublicAlbumScreen } from "./PublicAlbumScreen";

const startWorker = (): PublicAlbumWorker => startBrowserPublicAlbumWorker();

export function SharedAlbumPage() {
  useDocumentTitle("route.sharedAlbums");
  const { apiOrigin } = useRuntimeConfig();
  const { search, hash } = useLocation();
  return (
    <PublicAlbumScreen startWorker={startWorker} link={{ apiOrigin, search, fragment: hash }} />
  );
}
