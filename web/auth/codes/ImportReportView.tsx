// What an import came to: how many codes were added, which were skipped as
// already there, and which were refused and why.

import { useIntl } from "react-intl";
import type { ImportReport } from "../../../workers/authenticator/authenticator-contract";
import { inputErrorMessages } from "./input-errors";

export function ImportReportView({ report }: { report: ImportReport }) {
  const intl = useIntl();
  return (
    <div className="cairn-auth-report" data-testid="auth-import-report">
      <p className="cairn-dialog__message" data-testid="auth-import-added">
        {intl.formatMessage({ id: "auth.import.added" }, { count: report.added.length })}
      </p>
      {report.skipped.length > 0 && (
        <p className="cairn-dialog__message" data-testid="auth-import-skipped">
          {intl.formatMessage({ id: "auth.import.skipped" }, { count: report.skipped.length })}
        </p>
      )}
      {report.refused.length > 0 && (
        <>
          <p className="cairn-dialog__message" data-testid="auth-import-refused">
            {intl.formatMessage({ id: "auth.import.refused" }, { count: report.refused.length })}
          </p>
          <ul className="cairn-auth-report__refused">
            {report.refused.map((item, index) => (
              <li key={`${String(index)}-${item.label}`}>
                <span className="cairn-auth-report__label">{item.label}</span>
                {item.reason !== undefined && (
                  <span className="cairn-auth-report__reason">
                    {intl.formatMessage({ id: inputErrorMessages[item.reason] })}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
