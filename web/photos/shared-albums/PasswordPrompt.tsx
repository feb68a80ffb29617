// The password of a protected link (spec §8: 'incorrect password' on a
// wrong one). The password goes to the worker, which derives its hash; the
// page never hashes or sends it. See: [Note: A public album is the gallery's engine over one collection]

import { useState, type SyntheticEvent } from "react";
import { FormattedMessage } from "react-intl";
import { PasswordField } from "../../common/account-screens/parts/fields";
import { log } from "../../common/log/log";
import { Button } from "../../common/ui/Button";

export function PasswordPrompt({
  onSubmit,
}: {
  /** Resolves false for a wrong password. */
  onSubmit: (password: string) => Promise<boolean>;
}) {
  const [password, setPassword] = useState("");
  const [checking, setChecking] = useState(false);
  const [incorrect, setIncorrect] = useState(false);

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (password === "" || checking) return;
    setChecking(true);
    setIncorrect(false);
    try {
      const right = await onSubmit(password);
      if (!right) setIncorrect(true);
    } catch (e) {
      log.error("Could not check the album's password", e);
      setIncorrect(true);
    } finally {
      setChecking(false);
    }
  };

  return (
    <form
      className="cairn-public-album__message cairn-public-album__password"
      data-testid="public-album-password"
      onSubmit={(event) => void submit(event)}
    >
      <h1>
        <FormattedMessage id="publicAlbum.password.title" />
      </h1>
      <p>
        <FormattedMessage id="publicAlbum.password.hint" />
      </p>
      <PasswordField
        labelId="account.password"
        value={password}
        autoComplete="off"
        autoFocus
        onChange={(value) => {
          setPassword(value);
          setIncorrect(false);
        }}
        error={incorrect ? <FormattedMessage id="error.incorrectPassword" /> : undefined}
      />
      <Button variant="accent" type="submit" disabled={password === "" || checking}>
        <FormattedMessage id="publicAlbum.password.submit" />
      </Button>
    </form>
  );
}
