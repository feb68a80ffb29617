// A member's storage limit as typed in a family form (the invite's and a
// row's): the text, and on submit the limit in bytes (none for an empty
// field), or the field's error when the text is not a number of GB.

import { useCallback, useState } from "react";
import type { MessageId } from "../../common/i18n/messages";
import { storageLimitBytesOf } from "./family-view";

export interface LimitField {
  text: string;
  setText: (text: string) => void;
  /** The error shown for the field after a submit of text that is no limit. */
  error: MessageId | undefined;
  /**
   * The typed limit in bytes, null for none; undefined when the text is no
   * limit (the field's error then says so). Clears the error otherwise.
   */
  submittedBytes: () => number | null | undefined;
}

export function useLimitField(initialText: string): LimitField {
  const [text, setText] = useState(initialText);
  const [error, setError] = useState<MessageId | undefined>();
  const submittedBytes = useCallback(() => {
    const limitBytes = storageLimitBytesOf(text);
    if (limitBytes === "invalid") {
      setError("family.error.invalidLimit");
      return undefined;
    }
    setError(undefined);
    return limitBytes;
  }, [text]);
  return { text, setText, error, submittedBytes };
}
