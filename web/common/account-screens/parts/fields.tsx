// The form controls of the account screens: a labelled text field, a
// one-time-code field, a checkbox and the form-level error line.

import { useId, useState, type InputHTMLAttributes, type ReactNode } from "react";
import { useIntl } from "react-intl";
import type { MessageId } from "../../i18n/messages";
import "./account-screens.css";

export interface TextFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "onChange" | "value"
> {
  labelId: MessageId;
  value: string;
  onChange: (value: string) => void;
  /** A message shown under the field, and announced with it. */
  error?: ReactNode;
  hint?: ReactNode;
}

export function TextField({ labelId, value, onChange, error, hint, ...rest }: TextFieldProps) {
  const intl = useIntl();
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy =
    [error ? errorId : undefined, hint ? hintId : undefined].filter(Boolean).join(" ") || undefined;
  return (
    <div className="cairn-field">
      <label className="cairn-field__label" htmlFor={id}>
        {intl.formatMessage({ id: labelId })}
      </label>
      <input
        {...rest}
        id={id}
        className={["cairn-field__input", rest.className].filter(Boolean).join(" ")}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      />
      {hint && (
        <div id={hintId} className="cairn-field__hint">
          {hint}
        </div>
      )}
      {error && (
        <div id={errorId} className="cairn-field__error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

/** A password field whose text the person can reveal to check what they typed. */
export function PasswordField(props: Omit<TextFieldProps, "type">) {
  const intl = useIntl();
  const [visible, setVisible] = useState(false);
  return (
    <div className="cairn-password-field">
      <TextField {...props} type={visible ? "text" : "password"} />
      <label className="cairn-checkbox cairn-password-field__toggle">
        <input
          type="checkbox"
          checked={visible}
          onChange={(event) => {
            setVisible(event.target.checked);
          }}
        />
        {intl.formatMessage({ id: "account.showPassword" })}
      </label>
    </div>
  );
}

/** Digits only, at most six: pasted codes often carry spaces or a dash. */
export const normalizeCode = (text: string): string => text.replace(/\D/g, "").slice(0, 6);

/** A six-digit one-time code (email code or authenticator code). */
export function CodeField({
  value,
  onChange,
  error,
  labelId = "account.code",
}: {
  value: string;
  onChange: (code: string) => void;
  error?: ReactNode;
  labelId?: MessageId;
}) {
  return (
    <TextField
      labelId={labelId}
      value={value}
      onChange={(text) => {
        onChange(normalizeCode(text));
      }}
      error={error}
      className="cairn-field__input--code"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]{6}"
      maxLength={12}
      required
      autoFocus
    />
  );
}

export function Checkbox({
  checked,
  onChange,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <label className="cairn-checkbox">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => {
          onChange(event.target.checked);
        }}
      />
      <span>{children}</span>
    </label>
  );
}

/** The form-level error: announced when it appears. */
export function FormError({ messageId }: { messageId: MessageId | undefined }) {
  const intl = useIntl();
  if (messageId === undefined) return null;
  return (
    <p className="cairn-form-error" role="alert">
      {intl.formatMessage({ id: messageId })}
    </p>
  );
}
