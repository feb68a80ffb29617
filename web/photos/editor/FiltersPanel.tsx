// The editor's "Filters" tab: the looks by name, and how strongly the picked
// one applies.

import { useIntl } from "react-intl";
import { setFilter } from "../../../shared/model/editor/edit-state";
import { type EditFilterName, editFilterNames } from "../../../shared/model/editor/render-spec";
import type { MessageId } from "../../common/i18n/messages";
import { EditorSlider } from "./EditorSlider";
import type { EditorPanelProps } from "./use-edit-history";

const filterLabels: Record<EditFilterName, MessageId> = {
  none: "editor.filter.none",
  vivid: "editor.filter.vivid",
  mono: "editor.filter.mono",
  noir: "editor.filter.noir",
  warm: "editor.filter.warm",
  cool: "editor.filter.cool",
  fade: "editor.filter.fade",
  sepia: "editor.filter.sepia",
};

export function FiltersPanel({
  state,
  edit,
  swatches,
}: EditorPanelProps & {
  /** The photo under each filter, once drawn (until then a sample look). */
  swatches: ReadonlyMap<EditFilterName, string>;
}) {
  const intl = useIntl();
  return (
    <>
      <section className="photo-editor__section">
        <div
          className="photo-editor__filters"
          role="radiogroup"
          aria-label={intl.formatMessage({ id: "editor.tab.filters" })}
        >
          {editFilterNames.map((filter) => (
            <button
              key={filter}
              type="button"
              role="radio"
              aria-checked={state.filter === filter}
              className={`photo-editor__filter photo-editor__filter--${filter}`}
              data-testid={`editor-filter-${filter}`}
              onClick={() => {
                edit.apply((current) => setFilter(current, filter));
              }}
            >
              {swatches.has(filter) ? (
                <img
                  className="photo-editor__filter-swatch"
                  src={swatches.get(filter)}
                  alt=""
                  data-testid={`editor-filter-swatch-${filter}`}
                />
              ) : (
                <span className="photo-editor__filter-swatch" aria-hidden="true" />
              )}
              <span>{intl.formatMessage({ id: filterLabels[filter] })}</span>
            </button>
          ))}
        </div>
      </section>
      {state.filter !== "none" && (
        <section className="photo-editor__section">
          <EditorSlider
            label={intl.formatMessage({ id: "editor.filter.strength" })}
            value={state.filterStrength}
            min={0}
            max={100}
            step={1}
            neutral={100}
            valueText={intl.formatNumber(state.filterStrength / 100, { style: "percent" })}
            testID="editor-filter-strength"
            onChange={(strength) => {
              edit.apply(
                (current) => setFilter(current, current.filter, strength),
                "filter-strength",
              );
            }}
            onChangeEnd={edit.endGesture}
          />
        </section>
      )}
    </>
  );
}
