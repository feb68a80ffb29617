import { FormattedMessage } from "react-intl";
import { Link } from "react-router";
import { ArrowLeftIcon } from "../brand/icons";
import type { MessageId } from "../i18n/messages";
import { useDocumentTitle } from "../shell/document-title";
import "./pages.css";

/**
 * A route whose screen is not built yet shows where the person is: the
 * screen's title in the app shell, a sentence saying the page is not
 * available yet, and the way back to the start.
 */
export function RouteTitlePage({ titleId }: { titleId: MessageId }) {
  useDocumentTitle(titleId);
  return (
    <div className="cairn-page">
      <div className="cairn-page__card">
        <h1 className="cairn-page__title">
          <FormattedMessage id={titleId} />
        </h1>
        <p className="cairn-page__text">
          <FormattedMessage id="notBuilt.message" />
        </p>
        <Link to="/" className="cairn-page__back">
          <ArrowLeftIcon size={18} />
          <FormattedMessage id="shell.backToStart" />
        </Link>
      </div>
    </div>
  );
}
