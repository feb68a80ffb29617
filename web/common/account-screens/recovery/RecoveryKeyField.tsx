import { useId } from "react";
import { useIntl } from "react-intl";

/** The recovery key as typed or pasted: 24 words, or 64 hexadecimal digits. */
export function RecoveryKeyField({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  const intl = useIntl();
  const id = useId();
  return (
    <div className="cairn-field">
      <label className="cairn-field__label" htmlFor={id}>
        {intl.formatMessage({ id: "account.recoveryKey.label" })}
      </label>
      <textarea
        id={id}
        className="cairn-field__input"
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
        }}
        rows={4}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        required
        autoFocus
      />
      <div className="cairn-field__hint">
        {intl.formatMessage({ id: "account.recoveryKey.hint" })}
      </div>
    </div>
  );
}

/** Words separated by any run of whitespace, as the worker expects them. */
export const normalizeRecoveryKey = (text: string): string => text.trim().split(/\s+/).join(" ");
