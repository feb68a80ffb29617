// What the hidden section shows while it is locked: a lock, a sentence and
// the password field. See: [Note: Hidden is locked]

import { useState, type SyntheticEvent } from "react";
import { FormattedMessage } from "react-intl";
import { useAccountService } from "../../../common/account-screens/parts/account-service-context";
import { FormError, PasswordField } from "../../../common/account-screens/parts/fields";
import { LoginProgressLine } from "../../../common/account-screens/parts/LoginProgressLine";
import { useAccountAction } from "../../../common/account-screens/parts/use-account-action";
import { Button } from "../../../common/ui/Button";
import { IncorrectPasswordError } from "../../../../shared/model/accounts/account-errors";
import { hiddenLock } from "./hidden-lock";
import "./hidden-lock.css";

export interface HiddenLockScreenProps {
  /** Leaves the hidden section (for the timeline). */
  onLeave: () => void;
}

export function HiddenLockScreen({ onLeave }: HiddenLockScreenProps) {
  const service = useAccountService();
  const [password, setPassword] = useState("");
  const unlock = useAccountAction("password", async () => {
    if (!(await service.verifyPassword(password))) throw new IncorrectPasswordError();
    hiddenLock.opened();
  });
  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    void unlock.run();
  };
  return (
    <section
      className="cairn-hidden-lock"
      data-testid="hidden-lock"
      aria-labelledby="hidden-lock-title"
    >
      <span className="cairn-hidden-lock__icon" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="40" height="40">
          <rect
            x="5"
            y="10.5"
            width="14"
            height="10"
            rx="2"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
          />
          <path
            d="M8 10.5V7.5a4 4 0 0 1 8 0v3"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
          />
          <circle cx="12" cy="15.5" r="1.4" fill="currentColor" />
        </svg>
      </span>
      <h2 id="hidden-lock-title" className="cairn-gallery__title">
        <FormattedMessage id="gallery.hidden.locked.title" />
      </h2>
      <p className="cairn-gallery__text">
        <FormattedMessage id="gallery.hidden.locked.text" />
      </p>
      <form className="cairn-hidden-lock__form" onSubmit={onSubmit}>
        <PasswordField
          labelId="account.password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          required
          autoFocus
        />
        <FormError messageId={unlock.errorId} />
        <LoginProgressLine progress={unlock.busy ? "unlocking-keys" : undefined} />
        <div className="cairn-hidden-lock__actions">
          <Button variant="secondary" onClick={onLeave}>
            <FormattedMessage id="gallery.albums.leaveHidden" />
          </Button>
          <Button variant="accent" type="submit" busy={unlock.busy}>
            <FormattedMessage id="gallery.hidden.locked.unlock" />
          </Button>
        </div>
      </form>
    </section>
  );
}
