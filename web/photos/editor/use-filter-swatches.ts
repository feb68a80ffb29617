// The filters tab's swatches: the photo as it is edited (its crop, turns and
// adjustments) under each filter at full strength, rendered small by the
// editor's worker once the edit has rested for a moment, and shown from
// object URLs that go with the swatches they belong to.

import { useEffect, useRef, useState } from "react";
import { type EditState, setFilter } from "../../../shared/model/editor/edit-state";
import { type EditFilterName, editFilterNames } from "../../../shared/model/editor/render-spec";
import { renderSpecOf } from "../../../shared/model/editor/render-spec-of";
import { log } from "../../common/log/log";
import type { EditorRenderer } from "./use-editor-renderer";

/** A swatch's longer side in CSS pixels, as the tab shows it. */
export const swatchSideCssPx = 96;

/** How long the edit rests before its swatches are drawn again (a slider dragged elsewhere draws none). */
const swatchRestMs = 250;

/** What every swatch shares: the edit without its filter. */
const swatchKeyOf = (state: EditState): string =>
  JSON.stringify({ ...state, filter: "none", filterStrength: 100 });

/**
 * The URLs of the swatches of `state` by filter, while `shown`; empty until
 * they are drawn (the tab then shows its plain swatches).
 */
export function useFilterSwatches(
  renderer: Pick<EditorRenderer, "renderSwatches">,
  state: EditState | undefined,
  shown: boolean,
): ReadonlyMap<EditFilterName, string> {
  const key = state === undefined ? undefined : swatchKeyOf(state);
  // The swatches are drawn again when the key changes, of the state then.
  const latestState = useRef(state);
  useEffect(() => {
    latestState.current = state;
  });
  const [swatches, setSwatches] = useState<{ key: string; urls: Map<EditFilterName, string> }>();
  const { renderSwatches } = renderer;

  useEffect(() => {
    const state = latestState.current;
    if (!shown || key === undefined || state === undefined) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      const sidePx = Math.round(swatchSideCssPx * (window.devicePixelRatio || 1));
      const specs = editFilterNames.map((filter) =>
        renderSpecOf(setFilter(state, filter, 100), { maxOutputSidePx: sidePx }),
      );
      renderSwatches(specs).then(
        (blobs) => {
          if (cancelled) return;
          const urls = new Map<EditFilterName, string>();
          blobs.forEach((blob, index) => {
            const filter = editFilterNames[index];
            if (filter !== undefined) urls.set(filter, URL.createObjectURL(blob));
          });
          setSwatches({ key, urls });
        },
        (error: unknown) => {
          log.error("The editor could not draw its filter swatches", error);
        },
      );
    }, swatchRestMs);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [key, shown, renderSwatches]);

  // Each set of URLs is let go once another replaces it, or the editor closes.
  useEffect(
    () => () => {
      for (const url of swatches?.urls.values() ?? []) URL.revokeObjectURL(url);
    },
    [swatches],
  );

  return swatches?.urls ?? emptySwatches;
}

const emptySwatches: ReadonlyMap<EditFilterName, string> = new Map();
