// The similar photos at the slider's similarity: asked again a moment after
// the slider stops (not at each of its steps: each answer groups the whole
// library), when the library changes, and every few seconds while indexing
// has not hashed any photo yet, so the list appears as indexing reaches it.

import { useCallback, useEffect, useMemo, useState } from "react";
import type { SimilarPhotosAnswer } from "../../../workers/dedupe/duplicates-contract";
import type { DuplicatesClient } from "../../common/library/duplicates-client";
import { useLibraryAnswer } from "./use-library-answer";

/**
 * How long the slider rests before the worker is asked: a drag across it
 * is a few hundred ms of steps, and one grouping of a large library about
 * half a second, so asking at each step would queue stale answers.
 */
export const similarityDebounceMs = 300;

/** How often a page waiting for indexing's first hashes asks again. */
const waitingForIndexingMs = 5_000;

/** `value`, once it has not changed for `delayMs`. */
function useSettledValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => {
      setSettled(value);
    }, delayMs);
    return () => {
      clearTimeout(timer);
    };
  }, [value, delayMs]);
  return settled;
}

export function useSimilarPhotos(
  client: Pick<DuplicatesClient, "similarPhotos"> | undefined,
  threshold: number,
  libraryVersion: unknown,
): SimilarPhotosAnswer | undefined {
  const settledThreshold = useSettledValue(threshold, similarityDebounceMs);
  const [waits, setWaits] = useState(0);
  const ask = useMemo(
    () => (client === undefined ? undefined : () => client.similarPhotos(settledThreshold)),
    [client, settledThreshold],
  );
  const version = useMemo(() => ({ libraryVersion, waits }), [libraryVersion, waits]);
  const answer = useLibraryAnswer(ask, version, "similar photos");
  const waiting = answer !== undefined && answer.hashedPhotos === 0 && answer.indexingEnabled;
  const askAgain = useCallback(() => {
    setWaits((count) => count + 1);
  }, []);
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(askAgain, waitingForIndexingMs);
    return () => {
      clearInterval(timer);
    };
  }, [waiting, askAgain]);
  return answer;
}
