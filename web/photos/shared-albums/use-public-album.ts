// The state of the page's public album: opening the link in a worker of
// its own, the password when the link has one, and the album once open.
// A retry starts over with a new worker.

import { useCallback, useEffect, useRef, useState } from "react";
import type {
  PublicAlbumFacts,
  PublicAlbumState,
} from "../../../workers/public-album/public-album-contract";
import type { GalleryClient } from "../../common/library/gallery-client";
import { log } from "../../common/log/log";
import {
  type PublicAlbumWorker,
  type StartPublicAlbumWorker,
  publicAlbumGalleryClient,
} from "./public-album-client";

export type PublicAlbumPageState =
  | { kind: "opening" }
  | Exclude<PublicAlbumState, { kind: "ready" }>
  | { kind: "ready"; album: PublicAlbumFacts; client: GalleryClient };

export interface PublicAlbumLink {
  apiOrigin: string;
  /** `location.search` and `location.hash`, as they are: the worker reads them. */
  search: string;
  fragment: string;
}

export interface UsePublicAlbum {
  state: PublicAlbumPageState;
  /** Resolves false for a wrong password (the page says 'incorrect password'). */
  submitPassword: (password: string) => Promise<boolean>;
  retry: () => void;
}

export function usePublicAlbum(
  startWorker: StartPublicAlbumWorker,
  { apiOrigin, search, fragment }: PublicAlbumLink,
): UsePublicAlbum {
  const [attempt, setAttempt] = useState(0);
  const worker = useRef<PublicAlbumWorker>(undefined);
  // Each answer is kept with the opening it answers: a new link or a retry
  // shows "opening" until its own answer comes.
  const opening = `${String(attempt)}\n${apiOrigin}\n${search}\n${fragment}`;
  const [answered, setAnswered] = useState<{ opening: string; state: PublicAlbumPageState }>();
  const state: PublicAlbumPageState =
    answered?.opening === opening ? answered.state : { kind: "opening" };

  const show = useCallback(
    (answer: PublicAlbumState, from: PublicAlbumWorker, forOpening: string) => {
      setAnswered({
        opening: forOpening,
        state:
          answer.kind === "ready"
            ? { ...answer, client: publicAlbumGalleryClient(from.api) }
            : answer,
      });
    },
    [],
  );

  useEffect(() => {
    const started = startWorker();
    let current = true;
    worker.current = started;
    started.api.open(apiOrigin, search, fragment).then(
      (answer) => {
        if (current) show(answer, started, opening);
      },
      (e: unknown) => {
        log.error("Could not open the public album", e);
        if (current) show({ kind: "failed", failure: "unknown" }, started, opening);
      },
    );
    return () => {
      current = false;
      if (worker.current === started) worker.current = undefined;
      started.terminate();
    };
  }, [startWorker, apiOrigin, search, fragment, opening, show]);

  const submitPassword = useCallback(
    async (password: string) => {
      const from = worker.current;
      if (from === undefined) return false;
      const answer = await from.api.verifyPassword(password);
      if (answer.kind === "incorrect-password") return false;
      show(answer, from, opening);
      return true;
    },
    [opening, show],
  );

  const retry = useCallback(() => {
    setAttempt((count) => count + 1);
  }, []);

  return { state, submitPassword, retry };
}
