// The selection bar's frame: the clear button, the count of selected files
// and the actions given (the gallery's organizing ones, or a public album's
// download), with what they open (their dialogs) after them.

import type { ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";

export function SelectionBarFrame({
  count,
  onClear,
  actions,
  children,
}: {
  count: number;
  onClear: () => void;
  actions: ReactNode;
  children?: ReactNode;
}) {
  const intl = useIntl();
  return (
    <div
      className="cairn-selection-bar"
      role="toolbar"
      aria-label={intl.formatMessage({ id: "gallery.actions.selectionLabel" })}
      data-testid="selection-bar"
    >
      <button
        type="button"
        className="cairn-selection-bar__clear"
        onClick={onClear}
        aria-label={intl.formatMessage({ id: "gallery.actions.clear" })}
      >
        ×
      </button>
      <p className="cairn-selection-bar__count" data-testid="selection-count">
        <FormattedMessage id="gallery.actions.selected" values={{ count }} />
      </p>
      <div className="cairn-selection-bar__actions">{actions}</div>
      {children}
    </div>
  );
}
