import { useIntl } from "react-intl";
import { CairnMark } from "../brand/CairnMark";

/** Covers the window while the app starts or a screen loads (spec §2). */
export function FullScreenLoader() {
  const intl = useIntl();
  return (
    <div className="cairn-full-screen-loader" role="status">
      <CairnMark size={44} className="cairn-full-screen-loader__mark" />
      <span className="cairn-full-screen-loader__spinner" aria-hidden="true" />
      <span className="cairn-visually-hidden">{intl.formatMessage({ id: "shell.loading" })}</span>
    </div>
  );
}
