import { useIntl } from "react-intl";
import { storageSize } from "./format-bytes";

/** A number of bytes as people read storage ("2.4 MB"); a dash when unknown. */
export function StorageSize({ sizeBytes }: { sizeBytes: number | undefined }) {
  const intl = useIntl();
  if (sizeBytes === undefined) return <>–</>;
  const { value, unit } = storageSize(sizeBytes);
  return <>{intl.formatNumber(value, { style: "unit", unit, unitDisplay: "short" })}</>;
}
