import { FormattedMessage } from "react-intl";
import { Link } from "react-router";
import { ArrowLeftIcon } from "../brand/icons";
import { useDocumentTitle } from "../shell/document-title";
import "./pages.css";

/** Any path an app does not have. */
export function NotFoundPage() {
  useDocumentTitle("notFound.title");
  return (
    <div className="cairn-page">
      <div className="cairn-page__card">
        <p className="cairn-page__code" aria-hidden="true">
          404
        </p>
        <h1 className="cairn-page__title">
          <FormattedMessage id="notFound.title" />
        </h1>
        <p className="cairn-page__text">
          <FormattedMessage id="notFound.message" />
        </p>
        <Link to="/" className="cairn-page__back">
          <ArrowLeftIcon size={18} />
          <FormattedMessage id="shell.backToStart" />
        </Link>
      </div>
    </div>
  );
}
