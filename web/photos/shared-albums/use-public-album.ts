// The state of the page's public album: opening the link in a worker of
// its own, the password when the link has one, and the album once open,
// kept up to date by what the worker tells (a refresh, an upload) until the
// link stops working. A retry starts over with a new worker.

import { proxy } from "comlink";
import { useCallback, useEffect, useRef, useState } from "react";
import type { JoinOutcome, JoiningAccount } from "../../../workers/public-album/join-album";
import type {
  PublicAlbumFacts,
  PublicAlbumState,
  PublicAlbumUpdate,
} from "../../../workers/public-album/public-album-contract";
import type { GalleryViewSnapshot } from "../../../workers/gallery/gallery-contract";
import type { GalleryClient } from "../../common/library/gallery-client";
import type { UploadClient } from "../../common/library/upload-client";
import { log } from "../../common/log/log";
import {
  type PublicAlbumWorker,
  type StartPublicAlbumWorker,
  publicAlbumGalleryClient,
  publicAlbumUploadClient,
} from "./public-album-client";

export type PublicAlbumPageState =
  | { kind: "opening" }
  | Exclude<PublicAlbumState, { kind: "ready" }>
  | {
      kind: "ready";
      album: PublicAlbumFacts;
      client: GalleryClient;
      uploads: UploadClient;
      /** The album view's newest snapshot the worker pushed (after a refresh or an upload). */
      pushed?: GalleryViewSnapshot | undefined;
    };

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
  /** Asks the worker to pull the album again (undefined until it is open). */
  refresh: (() => void) | undefined;
  /** A logged-in visitor joins the album. */
  join: (account: JoiningAccount) => Promise<JoinOutcome>;
}

type Answered = { opening: string; state: PublicAlbumPageState } | undefined;

/** The page's state after the worker's update for the same opening. */
const updated = (answered: Answered, forOpening: string, update: PublicAlbumUpdate): Answered => {
  if (answered?.opening !== forOpening) return answered;
  if (update.kind !== "ready") return { opening: forOpening, state: update };
  if (answered.state.kind !== "ready") return answered;
  return {
    opening: forOpening,
    state: { ...answered.state, album: update.album, pushed: update.snapshot },
  };
};

export function usePublicAlbum(
  startWorker: StartPublicAlbumWorker,
  { apiOrigin, search, fragment }: PublicAlbumLink,
): UsePublicAlbum {
  const [attempt, setAttempt] = useState(0);
  const worker = useRef<PublicAlbumWorker>(undefined);
  // Each answer is kept with the opening it answers: a new link or a retry
  // shows "opening" until its own answer comes.
  const opening = `${String(attempt)}\n${apiOrigin}\n${search}\n${fragment}`;
  const [answered, setAnswered] = useState<Answered>();
  const state: PublicAlbumPageState =
    answered?.opening === opening ? answered.state : { kind: "opening" };

  const show = useCallback(
    (answer: PublicAlbumState, from: PublicAlbumWorker, forOpening: string) => {
      if (answer.kind !== "ready") {
        setAnswered({ opening: forOpening, state: answer });
        return;
      }
      setAnswered({
        opening: forOpening,
        state: {
          ...answer,
          client: publicAlbumGalleryClient(from.api),
          uploads: publicAlbumUploadClient(from.api),
        },
      });
      // What changes while the album is open comes back here.
      void Promise.resolve(
        from.api.watch(
          proxy((update: PublicAlbumUpdate) => {
            if (worker.current === from) {
              setAnswered((current) => updated(current, forOpening, update));
            }
            return Promise.resolve();
          }),
        ),
      ).catch((e: unknown) => {
        log.warn("Could not follow the public album's changes", e);
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

  const refresh = useCallback(() => {
    worker.current?.api.refresh().catch((e: unknown) => {
      log.warn("Could not refresh the public album", e);
    });
  }, []);

  const join = useCallback(async (account: JoiningAccount): Promise<JoinOutcome> => {
    const from = worker.current;
    if (from === undefined) return { kind: "failed", failure: "unknown" };
    return from.api.join(account);
  }, []);

  return {
    state,
    submitPassword,
    retry,
    refresh: state.kind === "ready" ? refresh : undefined,
    join,
  };
}
