// A code typed in by hand: issuer, account and secret, and behind "Options"
// the kind (time-based, counter-based, Steam), the algorithm, the digits,
// the period or the counter; a note and tags.

import { useId, useState } from "react";
import { useIntl } from "react-intl";
import type {
  AuthCodeAlgorithm,
  AuthCodeKind,
  ManualCodeInput,
} from "../../../workers/authenticator/authenticator-contract";
import { TextField } from "../../common/account-screens/parts/fields";
import { Button } from "../../common/ui/Button";
import { parsedTags } from "./tags-field";

const kindLabels = {
  totp: "auth.kind.totp",
  hotp: "auth.kind.hotp",
  steam: "auth.kind.steam",
} as const satisfies Record<AuthCodeKind, string>;

const algorithms: readonly AuthCodeAlgorithm[] = ["sha1", "sha256", "sha512"];

export function ManualCodeForm({
  busy,
  error,
  onSubmit,
}: {
  busy: boolean;
  error: string | undefined;
  onSubmit: (input: ManualCodeInput) => void;
}) {
  const intl = useIntl();
  const id = useId();
  const [issuer, setIssuer] = useState("");
  const [account, setAccount] = useState("");
  const [secret, setSecret] = useState("");
  const [kind, setKind] = useState<AuthCodeKind>("totp");
  const [algorithm, setAlgorithm] = useState<AuthCodeAlgorithm>("sha1");
  const [digits, setDigits] = useState("6");
  const [period, setPeriod] = useState("30");
  const [counter, setCounter] = useState("0");
  const [note, setNote] = useState("");
  const [tags, setTags] = useState("");

  return (
    <form
      className="cairn-auth-form"
      data-testid="auth-manual"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit({
          kind,
          issuer: issuer.trim(),
          account: account.trim(),
          secret,
          algorithm: kind === "steam" ? "sha1" : algorithm,
          digits: kind === "steam" ? 5 : Number(digits),
          periodSeconds: Number(period),
          counter: Number(counter),
          note: note.trim(),
          tags: parsedTags(tags),
        });
      }}
    >
      <TextField
        labelId="auth.field.issuer"
        value={issuer}
        onChange={setIssuer}
        name="issuer"
        autoComplete="off"
      />
      <TextField
        labelId="auth.field.account"
        value={account}
        onChange={setAccount}
        name="account"
        autoComplete="off"
      />
      <TextField
        labelId="auth.field.secret"
        value={secret}
        onChange={setSecret}
        name="secret"
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="characters"
        required
        hint={intl.formatMessage({ id: "auth.field.secretHint" })}
      />
      <details className="cairn-auth-form__options">
        <summary>{intl.formatMessage({ id: "auth.field.options" })}</summary>
        <div className="cairn-auth-form__grid">
          <label className="cairn-field" htmlFor={`${id}-kind`}>
            <span className="cairn-field__label">
              {intl.formatMessage({ id: "auth.field.kind" })}
            </span>
            <select
              id={`${id}-kind`}
              name="kind"
              className="cairn-field__input"
              value={kind}
              onChange={(event) => {
                setKind(event.target.value as AuthCodeKind);
              }}
            >
              {(Object.keys(kindLabels) as AuthCodeKind[]).map((name) => (
                <option key={name} value={name}>
                  {intl.formatMessage({ id: kindLabels[name] })}
                </option>
              ))}
            </select>
          </label>
          {kind !== "steam" && (
            <>
              <label className="cairn-field" htmlFor={`${id}-algorithm`}>
                <span className="cairn-field__label">
                  {intl.formatMessage({ id: "auth.field.algorithm" })}
                </span>
                <select
                  id={`${id}-algorithm`}
                  name="algorithm"
                  className="cairn-field__input"
                  value={algorithm}
                  onChange={(event) => {
                    setAlgorithm(event.target.value as AuthCodeAlgorithm);
                  }}
                >
                  {algorithms.map((name) => (
                    <option key={name} value={name}>
                      {name.toUpperCase().replace("SHA", "SHA-")}
                    </option>
                  ))}
                </select>
              </label>
              <TextField
                labelId="auth.field.digits"
                value={digits}
                onChange={setDigits}
                name="digits"
                inputMode="numeric"
              />
            </>
          )}
          {kind === "hotp" ? (
            <TextField
              labelId="auth.field.counter"
              value={counter}
              onChange={setCounter}
              name="counter"
              inputMode="numeric"
            />
          ) : (
            <TextField
              labelId="auth.field.period"
              value={period}
              onChange={setPeriod}
              name="period"
              inputMode="numeric"
            />
          )}
        </div>
      </details>
      <TextField labelId="auth.field.note" value={note} onChange={setNote} name="note" />
      <TextField
        labelId="auth.field.tags"
        value={tags}
        onChange={setTags}
        name="tags"
        hint={intl.formatMessage({ id: "auth.field.tagsHint" })}
      />
      {error !== undefined && (
        <p className="cairn-field__error" role="alert" data-testid="auth-add-error">
          {error}
        </p>
      )}
      <div className="cairn-dialog__buttons">
        <Button type="submit" variant="accent" busy={busy} disabled={secret.trim() === ""}>
          {intl.formatMessage({ id: "auth.add" })}
        </Button>
      </div>
    </form>
  );
}
