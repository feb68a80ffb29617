// The app's message dialog: at most one is shown at a time, by the dialog
// host of the app shell. Any view shows one with `useMessageDialog()`.

import { atom, useSetAtom } from "jotai";
import { useMemo, type ReactNode } from "react";
import { FormattedMessage } from "react-intl";
import type { ButtonVariant } from "../ui/Button";

export interface DialogButtonAttributes {
  label: ReactNode;
  variant?: ButtonVariant;
  /** Runs when the button is pressed; the dialog closes when it settles. */
  action?: () => void | Promise<void>;
}

export interface MessageDialogAttributes {
  /**
   * `message`: the standard dialog (360 px, stacked buttons). `compact`: the
   * second style (346 px, buttons side by side) for short confirmations.
   */
  style?: "message" | "compact";
  title: ReactNode;
  message?: ReactNode;
  /**
   * Default true. A dialog that is not closable has no close button and
   * ignores Escape and backdrop clicks; it ends only through its proceed
   * button (spec §2: the session-expired dialog offers only "Log in").
   */
  closable?: boolean;
  /** The close button; its label defaults to "OK", or "Cancel" next to a proceed button. */
  close?: Partial<DialogButtonAttributes>;
  proceed?: DialogButtonAttributes;
}

/** The dialog on screen; `id` tells a new dialog from the one it replaces. */
export interface ShownDialog {
  id: number;
  attributes: MessageDialogAttributes;
}

export const messageDialogAtom = atom<ShownDialog | undefined>(undefined);

let lastDialogId = 0;

export const shownDialog = (attributes: MessageDialogAttributes): ShownDialog => ({
  id: ++lastDialogId,
  attributes,
});

/** Spec §2: the generic error dialog, "Error" / "Something went wrong, please try again". */
export const genericErrorDialog = (): MessageDialogAttributes => ({
  title: <FormattedMessage id="error.title" />,
  message: <FormattedMessage id="error.unknown" />,
});

export interface MessageDialogControls {
  showMessageDialog: (attributes: MessageDialogAttributes) => void;
  /** The generic error dialog, or an error dialog with a specific message. */
  showErrorDialog: (message?: ReactNode) => void;
  closeMessageDialog: () => void;
}

export function useMessageDialog(): MessageDialogControls {
  const setDialog = useSetAtom(messageDialogAtom);
  return useMemo(
    () => ({
      showMessageDialog: (attributes) => {
        setDialog(shownDialog(attributes));
      },
      showErrorDialog: (message) => {
        const generic = genericErrorDialog();
        setDialog(shownDialog(message === undefined ? generic : { ...generic, message }));
      },
      closeMessageDialog: () => {
        setDialog(undefined);
      },
    }),
    [setDialog],
  );
}
