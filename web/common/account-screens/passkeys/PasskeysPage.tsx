import { useCallback, useEffect, useState, type SyntheticEvent } from "react";
import { FormattedDate, FormattedMessage, useIntl } from "react-intl";
import { Navigate, useLocation, useNavigate } from "react-router";
import type { AccountService, PasskeyView } from "../../accounts/account-service";
import { useRuntimeConfig } from "../../config/runtime-config-context";
import { useMessageDialog } from "../../dialog/dialog-state";
import { log } from "../../log/log";
import { useNotify } from "../../shell/notification";
import { Button } from "../../ui/Button";
import { TokenMissingError } from "../../../../shared/model/errors";
import { accountErrorKind, accountErrorMessageId } from "../parts/account-error";
import { AccountCard, ProgressNote } from "../parts/AccountCard";
import { useAccountService } from "../parts/account-service-context";
import { FormError, TextField } from "../parts/fields";
import type { MessageId } from "../../i18n/messages";
import { createPasskey } from "./passkey-ceremony";
import { passkeySessionParam, returnParam } from "./passkey-links";
import { PasskeyLoginVerification } from "./PasskeyLoginVerification";
import { useAccountAction } from "../parts/use-account-action";

/** The query parameter that hands an ACCOUNTS JWT from the photos app to this page. */
export const accountsTokenParam = "token";

/**
 * `/passkeys` (accounts app): with `?passkeySessionID=…`, the passkey step of
 * a login (see: [Note: Passkey login goes through the accounts app]);
 * otherwise the account's passkeys, to add, rename and delete.
 */
export function PasskeysPage() {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const sessionID = params.get(passkeySessionParam);
  if (sessionID) {
    return <PasskeyLoginVerification sessionID={sessionID} redirect={params.get(returnParam)} />;
  }
  return <PasskeyManagement handoffToken={params.get(accountsTokenParam)} />;
}

type ListState =
  | { kind: "loading" }
  | { kind: "no-access" }
  | { kind: "failed"; errorId: MessageId }
  | { kind: "ready"; passkeys: PasskeyView[] };

/** The passkeys of the account, or why they cannot be shown. */
async function loadPasskeys(service: AccountService): Promise<ListState> {
  try {
    return { kind: "ready", passkeys: await service.listPasskeys() };
  } catch (e) {
    // Neither a handed-over token nor a login of this app: nothing to manage.
    if (e instanceof TokenMissingError || accountErrorKind(e, "other") === "session-expired") {
      return { kind: "no-access" };
    }
    log.error("Could not list the passkeys", e);
    return { kind: "failed", errorId: accountErrorMessageId(e, "other") };
  }
}

function PasskeyManagement({ handoffToken }: { handoffToken: string | null }) {
  const service = useAccountService();
  const navigate = useNavigate();
  const config = useRuntimeConfig();
  const [state, setState] = useState<ListState>({ kind: "loading" });

  // The photos app hands over an ACCOUNTS JWT in the URL; it is taken into
  // the service's memory and removed from the address bar and history.
  useEffect(() => {
    if (handoffToken === null) return;
    service.useAccountsToken(handoffToken);
    void navigate("/passkeys", { replace: true });
  }, [handoffToken, service, navigate]);

  const reload = useCallback(async () => {
    setState(await loadPasskeys(service));
  }, [service]);

  useEffect(() => {
    if (handoffToken !== null) return;
    let current = true;
    void loadPasskeys(service).then((next) => {
      if (current) setState(next);
    });
    return () => {
      current = false;
    };
  }, [service, handoffToken]);

  if (state.kind === "no-access") return <Navigate to="/" replace />;

  return (
    <AccountCard
      titleId="route.passkeys"
      subtitle={<FormattedMessage id="passkeys.subtitle" />}
      wide
      footer={
        <a href={`${config.apps.photos}/gallery`}>
          <FormattedMessage id="passkeys.backToPhotos" />
        </a>
      }
    >
      {state.kind === "loading" && <ProgressNote messageId="shell.loading" />}
      {state.kind === "failed" && (
        <>
          <FormError messageId={state.errorId} />
          <Button variant="secondary" onClick={() => void reload()}>
            <FormattedMessage id="action.retry" />
          </Button>
        </>
      )}
      {state.kind === "ready" && (
        <>
          {state.passkeys.length === 0 ? (
            <p className="cairn-account__note">
              <FormattedMessage id="passkeys.empty" />
            </p>
          ) : (
            <ul className="cairn-passkey-list">
              {state.passkeys.map((passkey) => (
                <PasskeyItem key={passkey.id} passkey={passkey} onChanged={reload} />
              ))}
            </ul>
          )}
          <AddPasskey onAdded={reload} />
        </>
      )}
    </AccountCard>
  );
}

function AddPasskey({ onAdded }: { onAdded: () => Promise<void> }) {
  const service = useAccountService();
  const notify = useNotify();
  const [name, setName] = useState("");

  const add = useAccountAction("other", async () => {
    const start = await service.beginPasskeyRegistration();
    const credential = await createPasskey(start.optionsJSON);
    await service.finishPasskeyRegistration(start, name.trim(), credential);
    setName("");
    notify(<FormattedMessage id="passkeys.added" />, { variant: "success" });
    await onAdded();
  });

  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    void add.run();
  };

  return (
    <form className="cairn-account__form" onSubmit={onSubmit}>
      <TextField labelId="passkeys.name" value={name} onChange={setName} maxLength={64} required />
      <FormError messageId={add.errorId} />
      <Button
        type="submit"
        variant="accent"
        fullWidth
        busy={add.busy}
        disabled={name.trim() === ""}
      >
        <FormattedMessage id="passkeys.add" />
      </Button>
    </form>
  );
}

function PasskeyItem({
  passkey,
  onChanged,
}: {
  passkey: PasskeyView;
  onChanged: () => Promise<void>;
}) {
  const intl = useIntl();
  const service = useAccountService();
  const { showMessageDialog } = useMessageDialog();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(passkey.friendlyName);

  const rename = useAccountAction("other", async () => {
    await service.renamePasskey(passkey.id, name.trim());
    setEditing(false);
    await onChanged();
  });

  const confirmDelete = () => {
    showMessageDialog({
      style: "compact",
      title: <FormattedMessage id="passkeys.deleteTitle" />,
      message: (
        <FormattedMessage id="passkeys.deleteMessage" values={{ name: passkey.friendlyName }} />
      ),
      proceed: {
        label: <FormattedMessage id="passkeys.delete" />,
        variant: "critical",
        action: async () => {
          await service.deletePasskey(passkey.id);
          await onChanged();
        },
      },
    });
  };

  if (editing) {
    return (
      <li className="cairn-passkey">
        <form
          className="cairn-account__form cairn-passkey__name"
          onSubmit={(event) => {
            event.preventDefault();
            void rename.run();
          }}
        >
          <TextField
            labelId="passkeys.name"
            value={name}
            onChange={setName}
            maxLength={64}
            required
            autoFocus
          />
          <FormError messageId={rename.errorId} />
          <div className="cairn-passkey__actions">
            <Button type="submit" variant="accent" busy={rename.busy} disabled={name.trim() === ""}>
              <FormattedMessage id="passkeys.save" />
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setName(passkey.friendlyName);
                setEditing(false);
              }}
            >
              <FormattedMessage id="action.cancel" />
            </Button>
          </div>
        </form>
      </li>
    );
  }

  return (
    <li className="cairn-passkey">
      <div className="cairn-passkey__name">
        <p>{passkey.friendlyName}</p>
        <p className="cairn-passkey__date">
          <FormattedMessage
            id="passkeys.createdAt"
            values={{
              date: (
                <FormattedDate value={new Date(passkey.createdAtUs / 1000)} dateStyle="medium" />
              ),
            }}
          />
        </p>
      </div>
      <div className="cairn-passkey__actions">
        <Button
          variant="secondary"
          aria-label={`${intl.formatMessage({ id: "passkeys.rename" })} ${passkey.friendlyName}`}
          onClick={() => {
            setEditing(true);
          }}
        >
          <FormattedMessage id="passkeys.rename" />
        </Button>
        <Button
          variant="critical"
          aria-label={`${intl.formatMessage({ id: "passkeys.delete" })} ${passkey.friendlyName}`}
          onClick={confirmDelete}
        >
          <FormattedMessage id="passkeys.delete" />
        </Button>
      </div>
    </li>
  );
}
