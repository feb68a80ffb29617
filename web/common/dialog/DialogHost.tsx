import { useAtom } from "jotai";
import { genericErrorDialog, messageDialogAtom, shownDialog } from "./dialog-state";
import { MessageDialog } from "./MessageDialog";

/** Shows the app's current message dialog, if any. */
export function DialogHost() {
  const [shown, setShown] = useAtom(messageDialogAtom);
  if (!shown) return null;
  return (
    <MessageDialog
      // A dialog replacing another starts afresh (focus, busy state).
      key={shown.id}
      attributes={shown.attributes}
      onClose={() => {
        // Close only this dialog: its proceed action may have opened the next one.
        setShown((current) => (current?.id === shown.id ? undefined : current));
      }}
      onActionError={() => {
        setShown(shownDialog(genericErrorDialog()));
      }}
    />
  );
}
