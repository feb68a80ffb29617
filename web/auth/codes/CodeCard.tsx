// One code in the list: the service's icon, its issuer and account, the
// code (tap to copy), the countdown and, near the period's end, the next
// code; an HOTP code stays hidden until revealed, which advances its
// counter. Its actions (edit, pin, move, delete) are in a menu.

import { useIntl } from "react-intl";
import type {
  AuthCodeSummary,
  AuthCodeValue,
} from "../../../workers/authenticator/authenticator-contract";
import { MenuButton, type MenuButtonItem } from "../../common/ui/MenuButton";
import { IssuerIcon } from "../issuers/IssuerIcon";
import { CountdownRing } from "./CountdownRing";
import { groupedCode, secondsLeft, showsNextCode } from "./code-display";

export interface CodeCardProps {
  code: AuthCodeSummary;
  value: AuthCodeValue | undefined;
  nowMs: number;
  onCopy: (code: AuthCodeSummary, value: string) => void;
  onRevealHotp: (code: AuthCodeSummary) => void;
  actions: readonly MenuButtonItem[];
}

export function CodeCard({ code, value, nowMs, onCopy, onRevealHotp, actions }: CodeCardProps) {
  const intl = useIntl();
  const title = code.issuer === "" ? code.account : code.issuer;
  const subtitle = code.issuer === "" ? "" : code.account;
  const timed = value?.periodEndMs !== undefined && value.periodStartMs !== undefined;
  const remaining = timed ? secondsLeft(value.periodEndMs ?? 0, nowMs) : undefined;
  const next =
    remaining !== undefined &&
    value?.nextCode !== undefined &&
    showsNextCode(code.periodSeconds, remaining)
      ? value.nextCode
      : undefined;
  const hiddenHotp = code.kind === "hotp" && value === undefined;

  return (
    <li
      className={code.pinned ? "cairn-code cairn-code--pinned" : "cairn-code"}
      data-testid="auth-code"
      data-code-id={code.id}
      data-issuer={code.issuer}
      data-account={code.account}
    >
      <button
        type="button"
        className="cairn-code__main"
        aria-label={intl.formatMessage(
          { id: hiddenHotp ? "auth.code.reveal" : "auth.code.copy" },
          { name: subtitle === "" ? title : `${title} (${subtitle})` },
        )}
        onClick={() => {
          if (hiddenHotp) onRevealHotp(code);
          else if (value !== undefined) onCopy(code, value.code);
        }}
      >
        <IssuerIcon issuer={code.issuer} account={code.account} sizePx={40} />
        <span className="cairn-code__names">
          <span className="cairn-code__issuer">{title}</span>
          {subtitle !== "" && <span className="cairn-code__account">{subtitle}</span>}
          <span
            className={
              hiddenHotp ? "cairn-code__value cairn-code__value--hidden" : "cairn-code__value"
            }
            data-testid="auth-code-value"
            data-period-start-ms={value?.periodStartMs}
          >
            {hiddenHotp
              ? intl.formatMessage({ id: "auth.code.hotpHidden" })
              : value === undefined
                ? "\u2007"
                : groupedCode(value.code)}
          </span>
          {code.tags.length > 0 && (
            <span className="cairn-code__tags">
              {code.tags.map((tag) => (
                <span key={tag} className="cairn-code__tag">
                  {tag}
                </span>
              ))}
            </span>
          )}
        </span>
      </button>
      <span className="cairn-code__side">
        {code.pending && (
          <span
            className="cairn-code__pending"
            title={intl.formatMessage({ id: "auth.code.pending" })}
            aria-label={intl.formatMessage({ id: "auth.code.pending" })}
            data-testid="auth-code-pending"
          />
        )}
        {remaining !== undefined && value?.periodStartMs !== undefined && (
          <CountdownRing
            periodSeconds={code.periodSeconds}
            periodStartMs={value.periodStartMs}
            nowMs={nowMs}
            secondsRemaining={remaining}
          />
        )}
        {next !== undefined && (
          <span className="cairn-code__next" data-testid="auth-code-next">
            <span className="cairn-code__next-label">
              {intl.formatMessage({ id: "auth.code.next" })}
            </span>
            {groupedCode(next)}
          </span>
        )}
        <MenuButton
          label={intl.formatMessage({ id: "auth.code.actions" }, { name: title })}
          icon={<span aria-hidden="true">⋯</span>}
          buttonClassName="cairn-code__menu"
          items={actions}
          alignEnd
        />
      </span>
    </li>
  );
}
