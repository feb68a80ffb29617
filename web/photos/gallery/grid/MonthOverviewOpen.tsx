import { useIntl } from "react-intl";
import { MonthsIcon } from "../../../common/brand/icons";
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
      <MonthsIcon size={18} />
    </button>
  );
}
