// An answer of the library's worker that follows the library: asked once
// the worker has started, and again whenever the library changes (a sync
// brought files, or the page's own action was performed). Undefined until
// the first answer: the page then says it is looking, never "none".

import { useEffect, useState } from "react";
import { log } from "../../common/log/log";

export function useLibraryAnswer<T>(
  /** The question; undefined until the worker has started. */
  ask: (() => Promise<T>) | undefined,
  /** Changes whenever the library does (the library summary the worker reports). */
  libraryVersion: unknown,
  /** What the log says when the question fails. */
  what: string,
): T | undefined {
  const [answer, setAnswer] = useState<T | undefined>();
  useEffect(() => {
    if (ask === undefined) return;
    let current = true;
    ask()
      .then((answered) => {
        if (current) setAnswer(answered);
      })
      .catch((e: unknown) => {
        log.error(`Could not look for ${what}`, e);
      });
    return () => {
      current = false;
    };
  }, [ask, libraryVersion, what]);
  return answer;
}
