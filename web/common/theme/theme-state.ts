// The light/dark theme: dark unless the user chose otherwise (spec §1, §9);
// the choice is kept in local storage `theme`.

import { atom } from "jotai";
import type { Theme } from "../storage/local-storage-keys";
import { localStore } from "../storage/local-store";

export const defaultTheme: Theme = "dark";

const chosenThemeAtom = atom<Theme | undefined>(undefined);

export const themeAtom = atom(
  (get): Theme => get(chosenThemeAtom) ?? localStore.get("theme") ?? defaultTheme,
  (_get, set, theme: Theme) => {
    localStore.set("theme", theme);
    set(chosenThemeAtom, theme);
  },
);

/** Make `theme` the one the page's CSS uses (see `styles/tokens.css`). */
export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  root.dataset.theme = theme;
  root.style.colorScheme = theme;
}

/**
 * Let elements transition from now on, once the document has loaded (its
 * stylesheets applied) and two frames have been painted with the theme.
 * See: [Note: Nothing transitions before the page has settled]
 */
export function settlePageTransitions(root: HTMLElement = document.documentElement): void {
  const settle = () => {
    requestAnimationFrame(() => {
      requestAnimationFrame(() => {
        root.dataset.pageSettled = "";
      });
    });
  };
  if (document.readyState === "complete") settle();
  else window.addEventListener("load", settle, { once: true });
}
