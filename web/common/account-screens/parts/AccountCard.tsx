import type { ReactNode } from "react";
import { useIntl } from "react-intl";
import type { MessageId } from "../../i18n/messages";
import { useDocumentTitle } from "../../shell/document-title";
import "./account-screens.css";

/**
 * The frame of one account step: a card with the step's title (also the
 * window title), an optional line under it, the content and a footer of links.
 */
export function AccountCard({
  titleId,
  subtitle,
  footer,
  wide = false,
  children,
}: {
  titleId: MessageId;
  subtitle?: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
  children: ReactNode;
}) {
  const intl = useIntl();
  useDocumentTitle(titleId);
  return (
    <div className="cairn-account">
      <section
        className={`cairn-account__card${wide ? " cairn-account__card--wide" : ""}`}
        aria-labelledby="cairn-account-title"
      >
        <header className="cairn-account__header">
          <h1 id="cairn-account-title" className="cairn-account__title">
            {intl.formatMessage({ id: titleId })}
          </h1>
          {subtitle !== undefined && <p className="cairn-account__subtitle">{subtitle}</p>}
        </header>
        {children}
        {footer !== undefined && <footer className="cairn-account__footer">{footer}</footer>}
      </section>
    </div>
  );
}

/** Shown while a step needs a moment (keys being derived, a passkey awaited). */
export function ProgressNote({ messageId }: { messageId: MessageId }) {
  const intl = useIntl();
  return (
    <div className="cairn-progress" role="status" aria-live="polite">
      <span className="cairn-progress__spinner" aria-hidden="true" />
      <p>{intl.formatMessage({ id: messageId })}</p>
    </div>
  );
}
