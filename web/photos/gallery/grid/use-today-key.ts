// Today's local date (`YYYY-MM-DD`), changing at midnight, so 'Today' and
// 'Yesterday' headers stay right in a gallery left open overnight.

import { useSyncExternalStore } from "react";
import { dayKeyOf } from "./day-label";

/** A second past midnight, so the timer never fires a hair before the date changes. */
const midnightSlackMs = 1000;

function subscribeToMidnight(listener: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    const now = new Date();
    const nextMidnight = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
    timer = setTimeout(
      () => {
        listener();
        arm();
      },
      nextMidnight.getTime() - now.getTime() + midnightSlackMs,
    );
  };
  arm();
  return () => {
    clearTimeout(timer);
  };
}

const todayKey = () => dayKeyOf(new Date());

export function useTodayKey(): string {
  return useSyncExternalStore(subscribeToMidnight, todayKey, todayKey);
}
