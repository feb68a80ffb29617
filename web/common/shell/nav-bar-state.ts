import { atom, useSetAtom } from "jotai";
import { useEffect } from "react";

/** Whether the app shell shows its nav bar (spec §2: it can be shown or hidden). */
export const navBarVisibleAtom = atom(true);

/**
 * Show or hide the nav bar while the calling screen is mounted; it is shown
 * again when the screen goes away.
 */
export function useNavBarVisibility(visible: boolean): void {
  const setVisible = useSetAtom(navBarVisibleAtom);
  useEffect(() => {
    setVisible(visible);
    return () => {
      setVisible(true);
    };
  }, [visible, setVisible]);
}
