import { useCallback } from "react";
import { useIntl } from "react-intl";
import { storageSize } from "./format-bytes";

/** Bytes as the person reads them, e.g. "1.5 GB": storage in the sidebar, plans and a family's seats. */
export function useFormatBytes(): (sizeBytes: number) => string {
  const intl = useIntl();
  return useCallback(
    (sizeBytes: number) => {
      const { value, unit } = storageSize(sizeBytes);
      // "0 bytes", but "1.5 GB": the short form of a byte reads oddly ("0 byte").
      return intl.formatNumber(value, {
        style: "unit",
        unit,
        unitDisplay: unit === "byte" ? "long" : "short",
      });
    },
    [intl],
  );
}
