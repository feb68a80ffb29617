import { useEffect } from "react";
import { useIntl } from "react-intl";
import { useAppDefinition } from "../app/app-definition";
import type { MessageId } from "../i18n/messages";

/**
 * Set the window title: the app's name (spec §2: "page title"), preceded by
 * the screen's title when there is one, e.g. "Log in · Cairn Photos".
 */
export function useDocumentTitle(pageTitleId: MessageId | undefined): void {
  const intl = useIntl();
  const app = useAppDefinition();
  const appName = intl.formatMessage({ id: app.nameId });
  const title =
    pageTitleId === undefined
      ? appName
      : intl.formatMessage(
          { id: "app.documentTitle" },
          { page: intl.formatMessage({ id: pageTitleId }), app: appName },
        );
  useEffect(() => {
    document.title = title;
  }, [title]);
}
