// The end of a run in the upload panel: one line per result that has files
// (spec §3's results, in the summary order), each opening the list of its
// files with the reason a file did not go in.

import { useId, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import {
  isInAlbumResult,
  type UploadResult,
  uploadResultsInSummaryOrder,
} from "../../../shared/model/media/upload-outcomes";
import type {
  FinishedUpload,
  UploadProgressSnapshot,
} from "../../../shared/model/media/upload-progress";
import { reasonMessage, resultExplanations, resultMessages } from "./upload-messages";

export function UploadSummary({ results }: Pick<UploadProgressSnapshot, "results">) {
  const groups = uploadResultsInSummaryOrder.filter((result) => results[result].length > 0);
  if (groups.length === 0) return null;
  return (
    <ul className="cairn-upload-summary" data-testid="upload-summary">
      {groups.map((result) => (
        <ResultGroup key={result} result={result} files={results[result]} />
      ))}
    </ul>
  );
}

function ResultGroup({
  result,
  files,
}: {
  result: UploadResult;
  files: readonly FinishedUpload[];
}) {
  const intl = useIntl();
  const listID = useId();
  // What did not go in is what the person needs to see first.
  const [open, setOpen] = useState(!isInAlbumResult(result));
  const explanation = resultExplanations[result];
  return (
    <li
      className={`cairn-upload-summary__group cairn-upload-summary__group--${isInAlbumResult(result) ? "in" : "out"}`}
      data-testid={`upload-result-${result}`}
      data-count={files.length}
    >
      <button
        type="button"
        className="cairn-upload-summary__toggle"
        aria-expanded={open}
        aria-controls={open ? listID : undefined}
        onClick={() => {
          setOpen((shown) => !shown);
        }}
      >
        <span className="cairn-upload-summary__chevron" aria-hidden="true" />
        <FormattedMessage id={resultMessages[result]} values={{ count: files.length }} />
      </button>
      {explanation !== undefined && (
        <p className="cairn-upload-summary__explain">
          <FormattedMessage id={explanation} />
        </p>
      )}
      {open && (
        <ul id={listID} className="cairn-upload-summary__files">
          {files.map((file) => {
            const reason = reasonMessage(file.errorKey);
            return (
              <li key={file.id} className="cairn-upload-summary__file">
                <span className="cairn-upload-summary__name">{file.name}</span>
                {reason !== undefined && (
                  <span className="cairn-upload-summary__reason">
                    {intl.formatMessage({ id: reason })}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </li>
  );
}
