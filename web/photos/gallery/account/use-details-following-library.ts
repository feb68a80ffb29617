import { useEffect, useRef } from "react";
import type { LibrarySummary } from "../../../../workers/sync/library-summary";
import type { UserDetailsView } from "../../../common/accounts/account-service";
import { log } from "../../../common/log/log";

// [Note: The storage meter follows the library]
//
// The navigation's usage and file count come from `GET /users/details/v2`,
// which the page used to read once: after 52 uploads it still said "0 bytes
// used · 0 files" until a reload. Every change that moves usage also moves
// the library's counts (an upload adds files, a deletion moves them to the
// trash, emptying or deleting from the trash lowers its count), so the page
// reads the details again once the counts have settled for a moment. A run
// of uploads, which changes the counts with every pulled page, costs one
// read per quiet moment, not one per file.

/** How long the counts stay still before the details are read again. */
export const detailsRefreshQuietMs = 1_500;

const countsKeyOf = (summary: LibrarySummary | undefined): string | undefined =>
  summary === undefined
    ? undefined
    : `${String(summary.fileCount)}:${String(summary.hiddenFileCount)}:${String(summary.trashCount)}`;

/** Reads the details again when the library's counts change. See: [Note: The storage meter follows the library] */
export function useDetailsFollowingLibrary(
  summary: LibrarySummary | undefined,
  readDetails: () => Promise<UserDetailsView>,
  onDetails: (details: UserDetailsView) => void,
): void {
  const countsKey = countsKeyOf(summary);
  // The counts the shown details match: at first, those the page's first read saw.
  const readAtKeyRef = useRef<string | undefined>(undefined);
  const readRef = useRef({ readDetails, onDetails });
  useEffect(() => {
    readRef.current = { readDetails, onDetails };
  });
  useEffect(() => {
    if (countsKey === undefined) return;
    if (readAtKeyRef.current === undefined) {
      readAtKeyRef.current = countsKey;
      return;
    }
    if (countsKey === readAtKeyRef.current) return;
    let current = true;
    const timer = setTimeout(() => {
      readRef.current.readDetails().then(
        (details) => {
          if (!current) return;
          readAtKeyRef.current = countsKey;
          readRef.current.onDetails(details);
        },
        (error: unknown) => {
          log.warn("Could not read the account details again", error);
        },
      );
    }, detailsRefreshQuietMs);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [countsKey]);
}
