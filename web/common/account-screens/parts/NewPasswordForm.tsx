import { useState, type SyntheticEvent, type ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { MessageId } from "../../i18n/messages";
import { Button } from "../../ui/Button";
import { FormError, PasswordField } from "./fields";
import { passwordStrength, type PasswordStrength } from "./password-strength";

const strengthMessageIds: Record<PasswordStrength, MessageId> = {
  weak: "account.password.weak",
  moderate: "account.password.moderate",
  strong: "account.password.strong",
};

/** The strength hint: three segments and a word, read out with the field. */
export function StrengthMeter({ password }: { password: string }) {
  const intl = useIntl();
  if (password === "") return null;
  const strength = passwordStrength(password);
  return (
    <span className={`cairn-strength cairn-strength--${strength}`}>
      <span className="cairn-strength__bar" aria-hidden="true">
        <span className="cairn-strength__segment" />
        <span className="cairn-strength__segment" />
        <span className="cairn-strength__segment" />
      </span>
      {intl.formatMessage({ id: strengthMessageIds[strength] })}
    </span>
  );
}

/**
 * A new password typed twice, with the strength hint; used by `/generate`,
 * `/recover` and `/change-password`.
 */
export function NewPasswordForm({
  submitLabelId,
  busy,
  errorId,
  onSubmit,
  children,
}: {
  submitLabelId: MessageId;
  busy: boolean;
  /** The failure of the step the form submits to. */
  errorId: MessageId | undefined;
  onSubmit: (password: string) => void;
  children?: ReactNode;
}) {
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [showMismatch, setShowMismatch] = useState(false);
  const mismatch = confirmation !== password;

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (mismatch) {
      setShowMismatch(true);
      return;
    }
    onSubmit(password);
  };

  return (
    <form className="cairn-account__form" onSubmit={submit}>
      {children}
      <PasswordField
        labelId="account.newPassword"
        autoComplete="new-password"
        value={password}
        onChange={setPassword}
        hint={<StrengthMeter password={password} />}
        required
        autoFocus
      />
      <PasswordField
        labelId="account.confirmPassword"
        autoComplete="new-password"
        value={confirmation}
        onChange={(value) => {
          setConfirmation(value);
          setShowMismatch(false);
        }}
        error={
          showMismatch && mismatch ? <FormattedMessage id="account.password.mismatch" /> : undefined
        }
        required
      />
      <FormError messageId={errorId} />
      <Button
        type="submit"
        variant="accent"
        size="large"
        fullWidth
        busy={busy}
        disabled={password === ""}
      >
        <FormattedMessage id={submitLabelId} />
      </Button>
    </form>
  );
}
