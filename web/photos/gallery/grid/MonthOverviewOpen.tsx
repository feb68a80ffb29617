import { useIntl } from "react-intl";
import "./month-overview.css";

export interface MonthOverviewOpenProps {
  onOpen: () => void;
}

/**
 * The view header's button that opens the month overview: beside the view's
 * other tools, never over the grid's day headings.
 * See: [Note: The month overview travels the grid]
 */
export function MonthOverviewOpen({ onOpen }: MonthOverviewOpenProps) {
  const intl = useIntl();
  const label = intl.formatMessage({ id: "gallery.overview.open" });
  return (
    <button
      type="button"
      className="month-overview-open"
      data-testid="overview-open"
      aria-label={label}
      title={label}
      onClick={onOpen}
    >
      <MonthsIcon />
    </button>
  );
}

/** A calendar page: the months of the timeline. */
function MonthsIcon() {
  return (
    <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
      <rect
        x="2.75"
        y="4"
        width="14.5"
        height="13"
        rx="2.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
      />
      <path d="M2.75 8h14.5M6.5 2.5v3M13.5 2.5v3" stroke="currentColor" strokeWidth="1.5" />
      <rect x="5.5" y="10.25" width="2.5" height="2.25" rx="0.5" fill="currentColor" />
      <rect x="8.75" y="10.25" width="2.5" height="2.25" rx="0.5" fill="currentColor" />
      <rect x="12" y="10.25" width="2.5" height="2.25" rx="0.5" fill="currentColor" />
      <rect x="5.5" y="13.5" width="2.5" height="2.25" rx="0.5" fill="currentColor" />
      <rect x="8.75" y="13.5" width="2.5" height="2.25" rx="0.5" fill="currentColor" />
    </svg>
  );
}
