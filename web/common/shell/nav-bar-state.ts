import { atom, useSetAtom } from "jotai";
import { useLayoutEffect } from "react";

/** Whether the app shell shows its nav bar (spec §2: it can be shown or hidden). */
export const navBarVisibleAtom = atom(true);

/**
 * Show or hide the nav bar while the calling screen is mounted; it is shown
 * again when the screen goes away.
 *
 * [Note: The nav bar never flashes over a screen that hides it]
 * A layout effect, not a plain effect: React re-renders synchronously within
 * the same commit, so no paint (and no script looking at the page) ever sees
 * the nav bar and the screen's own controls at once.
 */
export function useNavBarVisibility(visible: boolean): void {
  const setVisible = useSetAtom(navBarVisibleAtom);
  useLayoutEffect(() => {
    setVisible(visible);
    return () => {
      setVisible(true);
    };
  }, [visible, setVisible]);
}
