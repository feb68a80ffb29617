// /auth: the authenticator codes. A toolbar (search, sort, add, more), the
// tags, the codes (pinned first; tap one to copy it) and the dialogs that
// add, edit, delete, restore, import and export codes. Everything secret
// stays in the auth app's worker; this page shows names and codes.

import { useAtomValue } from "jotai";
import { useEffect, useMemo, useState } from "react";
import { useIntl } from "react-intl";
import { useNavigate } from "react-router";
import type { AuthCodeSummary } from "../../../workers/authenticator/authenticator-contract";
import { useAccountService } from "../../common/account-screens/parts/account-service-context";
import { accountErrorKind } from "../../common/account-screens/parts/account-error";
import { useSessionExpiredDialog } from "../../common/account-screens/session/session-expired";
import { useRuntimeConfig } from "../../common/config/runtime-config-context";
import { log } from "../../common/log/log";
import { useNotify } from "../../common/shell/notification";
import { useDocumentTitle } from "../../common/shell/document-title";
import { Button } from "../../common/ui/Button";
import { MenuButton, type MenuButtonItem } from "../../common/ui/MenuButton";
import { CodeCard } from "./CodeCard";
import { AuthDialogs, type AuthDialog } from "./AuthDialogs";
import { RefusedChangesNotice } from "./RefusedChangesNotice";
import { SyncLine } from "./SyncLine";
import {
  authenticatorClientAtom,
  authenticatorStateAtom,
  ensureTabAuthenticator,
} from "./authenticator-state";
import { type CodeSortOrder, codeSortOrders } from "../../../shared/model/authenticator/code-sort";
import {
  type CodeListChoices,
  codeTags,
  movedOrder,
  shownCodes,
  trashedCodes,
} from "./code-list-order";
import { storedCodeSort, storeCodeSort } from "./code-sort-choice";
import { useCodeValues, useNowMs } from "./use-code-values";
import "./auth.css";

const sortLabels = {
  issuer: "auth.sort.issuer",
  account: "auth.sort.account",
  "recently-used": "auth.sort.recentlyUsed",
  manual: "auth.sort.manual",
} as const satisfies Record<CodeSortOrder, string>;

export function AuthPage() {
  const intl = useIntl();
  useDocumentTitle("route.auth");
  const config = useRuntimeConfig();
  const service = useAccountService();
  const navigate = useNavigate();
  const notify = useNotify();
  const showSessionExpired = useSessionExpiredDialog();
  const state = useAtomValue(authenticatorStateAtom);
  const client = useAtomValue(authenticatorClientAtom);
  const [choices, setChoices] = useState<CodeListChoices>(() => ({
    search: "",
    tag: undefined,
    sort: storedCodeSort(),
  }));
  const [dialog, setDialog] = useState<AuthDialog | undefined>();
  const nowMs = useNowMs();

  useEffect(() => {
    ensureTabAuthenticator(config.apiOrigin);
  }, [config.apiOrigin]);

  // Spec §4: the session is checked when the app starts; only a 401 makes it invalid.
  useEffect(() => {
    let current = true;
    service.checkSessionValidity().then(
      (validity) => {
        if (current && validity === "invalid") showSessionExpired();
      },
      (e: unknown) => {
        if (current && accountErrorKind(e, "other") === "session-expired") showSessionExpired();
      },
    );
    return () => {
      current = false;
    };
  }, [service, showSessionExpired]);

  const codes = useMemo(() => state?.codes ?? [], [state]);
  const shown = useMemo(
    () => shownCodes(codes, choices, intl.locale),
    [codes, choices, intl.locale],
  );
  const tags = useMemo(() => codeTags(codes, intl.locale), [codes, intl.locale]);
  const trashed = useMemo(() => trashedCodes(codes, intl.locale), [codes, intl.locale]);
  const { values, revealed } = useCodeValues(client, shown, nowMs);
  // A tag whose last code went away is no longer a filter.
  const tag = choices.tag !== undefined && tags.includes(choices.tag) ? choices.tag : undefined;

  const failed = (what: string) => (e: unknown) => {
    log.error(what, e);
    notify(intl.formatMessage({ id: "auth.error.generic" }), { variant: "critical" });
  };

  const copy = (code: AuthCodeSummary, value: string) => {
    navigator.clipboard.writeText(value).then(() => {
      notify(intl.formatMessage({ id: "auth.copied" }), { variant: "success", autoHideMs: 2000 });
      client?.markUsed(code.id).catch(() => undefined);
    }, failed("Could not copy the code"));
  };

  const revealHotp = (code: AuthCodeSummary) => {
    client
      ?.nextHotpCode(code.id)
      .then((value) => {
        if (value !== undefined) {
          revealed(value);
          copy(code, value.code);
        }
      })
      .catch(failed("Could not reveal the code"));
  };

  const actionsOf = (code: AuthCodeSummary): MenuButtonItem[] => [
    {
      key: "edit",
      label: "auth.action.edit",
      run: () => {
        setDialog({ kind: "edit", code });
      },
    },
    {
      key: code.pinned ? "unpin" : "pin",
      label: code.pinned ? "auth.action.unpin" : "auth.action.pin",
      run: () => {
        client?.setPinned(code.id, !code.pinned).catch(failed("Could not pin the code"));
      },
    },
    ...(choices.sort === "manual"
      ? [-1, 1].map((offset) => ({
          key: offset < 0 ? "move-up" : "move-down",
          label: offset < 0 ? ("auth.action.moveUp" as const) : ("auth.action.moveDown" as const),
          run: () => {
            client
              ?.reorder(movedOrder(shown, code.id, offset))
              .catch(failed("Could not move the code"));
          },
        }))
      : []),
    {
      key: "delete",
      label: "auth.action.delete",
      run: () => {
        client?.trash([code.id]).then(() => {
          notify(
            intl.formatMessage({ id: "auth.trashed" }, { name: code.issuer || code.account }),
            {
              action: {
                label: intl.formatMessage({ id: "auth.undo" }),
                run: () => {
                  client.restore([code.id]).catch(failed("Could not restore the code"));
                },
              },
            },
          );
        }, failed("Could not delete the code"));
      },
    },
  ];

  const logout = async () => {
    try {
      await service.logout();
    } catch (e) {
      log.error("Logout failed", e);
    }
    void navigate("/", { replace: true });
  };

  const moreItems: MenuButtonItem[] = [
    {
      key: "import",
      label: "auth.more.import",
      run: () => {
        setDialog({ kind: "import" });
      },
    },
    {
      key: "export",
      label: "auth.more.export",
      run: () => {
        setDialog({ kind: "export" });
      },
    },
    {
      key: "trash",
      label: "auth.more.recentlyDeleted",
      run: () => {
        setDialog({ kind: "trash" });
      },
    },
    { key: "logout", label: "auth.more.logout", run: () => void logout() },
  ];

  const noCodes = state !== undefined && codes.every((code) => code.trashed);

  return (
    <main className="cairn-auth" data-testid="auth-page" aria-busy={state === undefined}>
      <div className="cairn-auth__toolbar">
        <input
          type="search"
          className="cairn-auth__search"
          data-testid="auth-search"
          placeholder={intl.formatMessage({ id: "auth.search.placeholder" })}
          aria-label={intl.formatMessage({ id: "auth.search.label" })}
          value={choices.search}
          onChange={(event) => {
            setChoices((current) => ({ ...current, search: event.target.value }));
          }}
        />
        <MenuButton
          label={intl.formatMessage({ id: "auth.sort.label" })}
          buttonClassName="cairn-auth__tool"
          alignEnd
          items={codeSortOrders.map((sort) => ({
            key: sort,
            label: sortLabels[sort],
            checked: choices.sort === sort,
            run: () => {
              storeCodeSort(sort);
              setChoices((current) => ({ ...current, sort }));
            },
          }))}
        />
        <MenuButton
          label={intl.formatMessage({ id: "auth.more.label" })}
          buttonClassName="cairn-auth__tool"
          alignEnd
          items={moreItems}
        />
        <Button
          variant="accent"
          data-testid="auth-add"
          disabled={client === undefined}
          onClick={() => {
            setDialog({ kind: "add" });
          }}
        >
          {intl.formatMessage({ id: "auth.add" })}
        </Button>
      </div>
      <SyncLine status={state?.status} />
      <RefusedChangesNotice
        refused={state?.status.refusedChanges ?? []}
        onDismiss={() => {
          client?.dismissRefusedChanges().catch(failed("Could not dismiss the refused changes"));
        }}
      />
      {tags.length > 0 && (
        <div
          className="cairn-auth__tags"
          role="group"
          aria-label={intl.formatMessage({ id: "auth.tags.label" })}
        >
          {[undefined, ...tags].map((name) => (
            <button
              key={name ?? ""}
              type="button"
              className="cairn-auth__tag"
              aria-pressed={tag === name}
              data-testid="auth-tag"
              onClick={() => {
                setChoices((current) => ({ ...current, tag: name }));
              }}
            >
              {name ?? intl.formatMessage({ id: "auth.tags.all" })}
            </button>
          ))}
        </div>
      )}
      {state === undefined ? (
        <p className="cairn-auth__message" role="status">
          {intl.formatMessage({ id: "auth.loading" })}
        </p>
      ) : noCodes ? (
        <div className="cairn-auth__empty" data-testid="auth-empty">
          <h1 className="cairn-auth__empty-title">
            {intl.formatMessage({ id: "auth.empty.title" })}
          </h1>
          <p className="cairn-auth__message">{intl.formatMessage({ id: "auth.empty.text" })}</p>
        </div>
      ) : shown.length === 0 ? (
        <p className="cairn-auth__message" data-testid="auth-no-match">
          {intl.formatMessage({ id: "auth.search.none" })}
        </p>
      ) : (
        <ul className="cairn-auth__codes" data-testid="auth-codes">
          {shown.map((code) => (
            <CodeCard
              key={code.id}
              code={code}
              value={values.get(code.id)}
              nowMs={nowMs}
              onCopy={copy}
              onRevealHotp={revealHotp}
              actions={actionsOf(code)}
            />
          ))}
        </ul>
      )}
      {client !== undefined && (
        <AuthDialogs
          dialog={dialog}
          client={client}
          trashed={trashed}
          onClose={() => {
            setDialog(undefined);
          }}
        />
      )}
    </main>
  );
}
