// An album's public link (spec §5, §6): create it, copy it, and its
// settings (device limit, expiry, password, downloads, uploads by
// visitors), or remove it. The link carries the album's key after `#`,
// made by the worker. See: [Note: A link's key lives only in its fragment]

import { useId, useState, type SyntheticEvent } from "react";
import { FormattedDate, FormattedMessage, useIntl } from "react-intl";
import type { AlbumLinkSettings, AlbumSharing } from "../../../../workers/gallery/gallery-contract";
import { Checkbox, PasswordField } from "../../../common/account-screens/parts/fields";
import type { MessageId } from "../../../common/i18n/messages";
import { useNotify } from "../../../common/shell/notification";
import { Button } from "../../../common/ui/Button";
import type { PerformLibraryAction } from "../actions/use-library-action";
import {
  type ExpiryChoice,
  deviceLimitChoiceOf,
  deviceLimitChoices,
  expiryChoices,
  linkExpired,
  validTillUsOf,
} from "./link-choices";

const expiryLabels: Record<ExpiryChoice, MessageId> = {
  never: "gallery.sharing.expiry.never",
  hour: "gallery.sharing.expiry.hour",
  day: "gallery.sharing.expiry.day",
  week: "gallery.sharing.expiry.week",
  month: "gallery.sharing.expiry.month",
  year: "gallery.sharing.expiry.year",
};

type Link = NonNullable<AlbumSharing["link"]>;

export function ShareLinkSection({
  sharing,
  perform,
  onChanged,
  nowMs = Date.now,
}: {
  sharing: AlbumSharing;
  perform: PerformLibraryAction;
  onChanged: () => void;
  nowMs?: () => number;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const run = async (action: Parameters<PerformLibraryAction>[0]) => {
    setBusy(true);
    await perform(action);
    setBusy(false);
    onChanged();
  };
  const link = sharing.link;

  return (
    <section className="cairn-sharing__section" aria-labelledby={`${id}-link`}>
      <h3 id={`${id}-link`} className="cairn-sharing__heading">
        <FormattedMessage id="gallery.sharing.link" />
      </h3>
      <p className="cairn-sharing__hint">
        <FormattedMessage id="gallery.sharing.linkExplanation" />
      </p>
      {link === undefined ? (
        <Button
          variant="accent"
          busy={busy}
          onClick={() =>
            void run({ kind: "create-link", collectionID: sharing.collectionID, settings: {} })
          }
        >
          <FormattedMessage id="gallery.sharing.createLink" />
        </Button>
      ) : (
        <LinkSettings
          link={link}
          busy={busy}
          nowMs={nowMs}
          change={(settings) =>
            run({ kind: "update-link", collectionID: sharing.collectionID, settings })
          }
          remove={() => run({ kind: "disable-link", collectionID: sharing.collectionID })}
        />
      )}
    </section>
  );
}

function LinkSettings({
  link,
  busy,
  nowMs,
  change,
  remove,
}: {
  link: Link;
  busy: boolean;
  nowMs: () => number;
  change: (settings: AlbumLinkSettings) => Promise<void>;
  remove: () => Promise<void>;
}) {
  const intl = useIntl();
  const notify = useNotify();
  const id = useId();
  const [choosingPassword, setChoosingPassword] = useState(false);
  const [password, setPassword] = useState("");
  const expired = linkExpired(link.validTillUs, nowMs());

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link.url);
      notify(<FormattedMessage id="gallery.sharing.linkCopied" />, { variant: "success" });
    } catch {
      // No clipboard (permission refused): the link stays selectable in its field.
      notify(<FormattedMessage id="gallery.sharing.copyFailed" />, { variant: "critical" });
    }
  };

  const setLinkPassword = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (password === "") return;
    await change({ password });
    setPassword("");
    setChoosingPassword(false);
  };

  return (
    <div className="cairn-sharing__link" data-testid="sharing-link">
      <div className="cairn-sharing__link-row">
        <input
          className="cairn-field__input cairn-sharing__url"
          readOnly
          value={link.url}
          aria-label={intl.formatMessage({ id: "gallery.sharing.link" })}
          data-testid="sharing-link-url"
          onFocus={(event) => {
            event.target.select();
          }}
        />
        <Button variant="secondary" onClick={() => void copy()}>
          <FormattedMessage id="gallery.sharing.copyLink" />
        </Button>
      </div>
      {link.validTillUs > 0 && (
        <p className="cairn-sharing__hint" data-testid="sharing-link-expiry">
          {expired ? (
            <FormattedMessage id="gallery.sharing.expired" />
          ) : (
            <FormattedMessage
              id="gallery.sharing.expiresOn"
              values={{
                date: (
                  <FormattedDate
                    value={link.validTillUs / 1000}
                    dateStyle="medium"
                    timeStyle="short"
                  />
                ),
              }}
            />
          )}
        </p>
      )}
      <div className="cairn-field">
        <label className="cairn-field__label" htmlFor={`${id}-devices`}>
          <FormattedMessage id="gallery.sharing.deviceLimit" />
        </label>
        <select
          id={`${id}-devices`}
          className="cairn-field__input"
          value={deviceLimitChoiceOf(link.deviceLimit)}
          disabled={busy}
          onChange={(event) => void change({ deviceLimit: Number(event.target.value) })}
        >
          {deviceLimitChoices.map((limit) => (
            <option key={limit} value={limit}>
              {limit === 0
                ? intl.formatMessage({ id: "gallery.sharing.deviceLimit.none" })
                : intl.formatMessage({ id: "gallery.sharing.deviceLimit.count" }, { count: limit })}
            </option>
          ))}
        </select>
      </div>
      <div className="cairn-field">
        <label className="cairn-field__label" htmlFor={`${id}-expiry`}>
          <FormattedMessage id="gallery.sharing.expiry" />
        </label>
        <select
          id={`${id}-expiry`}
          className="cairn-field__input"
          value=""
          disabled={busy}
          onChange={(event) => {
            const choice = expiryChoices.find((value) => value === event.target.value);
            if (choice !== undefined) void change({ validTillUs: validTillUsOf(choice, nowMs()) });
          }}
        >
          <option value="" disabled>
            {intl.formatMessage({ id: "gallery.sharing.expiry.choose" })}
          </option>
          {expiryChoices.map((choice) => (
            <option key={choice} value={choice}>
              {intl.formatMessage({ id: expiryLabels[choice] })}
            </option>
          ))}
        </select>
      </div>
      <Checkbox
        checked={link.enableDownload}
        onChange={(checked) => void change({ enableDownload: checked })}
      >
        <FormattedMessage id="gallery.sharing.allowDownloads" />
      </Checkbox>
      <Checkbox
        checked={link.enableCollect}
        onChange={(checked) => void change({ enableCollect: checked })}
      >
        <FormattedMessage id="gallery.sharing.allowUploads" />
      </Checkbox>
      <Checkbox
        checked={link.enableJoin}
        onChange={(checked) => void change({ enableJoin: checked })}
      >
        <FormattedMessage id="gallery.sharing.allowJoin" />
      </Checkbox>
      <Checkbox
        checked={link.passwordEnabled || choosingPassword}
        onChange={(checked) => {
          if (checked) setChoosingPassword(true);
          else if (link.passwordEnabled) void change({ password: null });
          else setChoosingPassword(false);
        }}
      >
        <FormattedMessage id="gallery.sharing.password" />
      </Checkbox>
      {link.passwordEnabled && !choosingPassword && (
        <p className="cairn-sharing__hint" data-testid="sharing-link-locked">
          <FormattedMessage id="gallery.sharing.passwordSet" />
        </p>
      )}
      {choosingPassword && (
        <form className="cairn-sharing__password" onSubmit={(event) => void setLinkPassword(event)}>
          <PasswordField
            labelId="gallery.sharing.newPassword"
            value={password}
            autoComplete="new-password"
            autoFocus
            onChange={setPassword}
          />
          <Button type="submit" variant="accent" busy={busy} disabled={password === ""}>
            <FormattedMessage id="gallery.sharing.setPassword" />
          </Button>
        </form>
      )}
      <Button variant="critical" busy={busy} onClick={() => void remove()}>
        <FormattedMessage id="gallery.sharing.removeLink" />
      </Button>
    </div>
  );
}
