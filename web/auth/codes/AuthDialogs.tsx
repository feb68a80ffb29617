// The auth page's open dialog, if any.

import type { AuthCodeSummary } from "../../../workers/authenticator/authenticator-contract";
import { useNotify } from "../../common/shell/notification";
import { AddCodeDialog } from "./AddCodeDialog";
import type { AuthenticatorClient } from "./authenticator-client";
import { EditCodeDialog } from "./EditCodeDialog";
import { ExportDialog } from "./ExportDialog";
import { ImportDialog } from "./ImportDialog";
import { RecentlyDeletedDialog } from "./RecentlyDeletedDialog";

export type AuthDialog =
  | { kind: "add" }
  | { kind: "edit"; code: AuthCodeSummary }
  | { kind: "trash" }
  | { kind: "import" }
  | { kind: "export" };

export function AuthDialogs({
  dialog,
  client,
  trashed,
  onClose,
}: {
  dialog: AuthDialog | undefined;
  client: AuthenticatorClient;
  trashed: readonly AuthCodeSummary[];
  onClose: () => void;
}) {
  const notify = useNotify();
  const done = (message: string) => {
    onClose();
    notify(message, { variant: "success" });
  };
  switch (dialog?.kind) {
    case undefined:
      return null;
    case "add":
      return <AddCodeDialog client={client} onAdded={done} onClose={onClose} />;
    case "edit":
      return <EditCodeDialog client={client} code={dialog.code} onDone={done} onClose={onClose} />;
    case "trash":
      return <RecentlyDeletedDialog client={client} trashed={trashed} onClose={onClose} />;
    case "import":
      return <ImportDialog client={client} onClose={onClose} />;
    case "export":
      return <ExportDialog client={client} onDone={done} onClose={onClose} />;
  }
}
