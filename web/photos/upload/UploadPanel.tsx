// The upload panel: at the bottom right of the gallery, not modal (the person
// keeps browsing), collapsible. It shows the run's phase in words, "n of m
// files" and an overall bar, each file on its way with its percentage, and at
// the end the summary by result with "Retry failed". Its header keeps the
// cancel (while the run is on its way) or the close (once it ended) in reach
// when collapsed.

import { type CSSProperties, useId, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import {
  UploadPhase,
  isRetryableResult,
  uploadResultsInSummaryOrder,
} from "../../../shared/model/media/upload-outcomes";
import { CloseIcon } from "../../common/brand/icons";
import { Button } from "../../common/ui/Button";
import { runHeadingMessage } from "./upload-messages";
import { isRunOnItsWay, type UploadRunState } from "./upload-run";
import { UploadSummary } from "./UploadSummary";
import "./upload.css";

export interface UploadPanelProps {
  run: UploadRunState;
  /** Asks to cancel (the caller confirms first). */
  onCancel: () => void;
  /** Sends the failed and blocked files again. */
  onRetry: () => void;
  onClose: () => void;
}

export function UploadPanel({ run, onCancel, onRetry, onClose }: UploadPanelProps) {
  const intl = useIntl();
  const bodyID = useId();
  const [collapsed, setCollapsed] = useState(false);
  const { snapshot } = run;
  const onItsWay = isRunOnItsWay(run);
  const phase = snapshot?.phase ?? UploadPhase.start;
  const finishedCount = snapshot?.finishedCount ?? 0;
  // Before the first snapshot the worker has not counted the files yet: the picks stand in.
  const totalCount = snapshot?.totalCount ?? run.picks.length;
  const overallPercent = snapshot?.overallPercent ?? 0;
  const canRetry =
    !onItsWay &&
    snapshot !== undefined &&
    uploadResultsInSummaryOrder.some(
      (result) => isRetryableResult(result) && snapshot.results[result].length > 0,
    );
  const percentText = (percent: number) => intl.formatNumber(percent / 100, { style: "percent" });

  return (
    <section
      role="region"
      className={`cairn-upload-panel${collapsed ? " cairn-upload-panel--collapsed" : ""}`}
      aria-label={intl.formatMessage({ id: "upload.panel.label" })}
      data-testid="upload-panel"
      data-state={onItsWay ? "running" : "ended"}
    >
      <div className="cairn-upload-panel__header">
        <p
          className="cairn-upload-panel__phase"
          role="status"
          data-testid="upload-phase"
          data-phase={phase}
        >
          <FormattedMessage id={runHeadingMessage(snapshot)} />
        </p>
        <button
          type="button"
          className="cairn-icon-button cairn-upload-panel__collapse"
          aria-expanded={!collapsed}
          aria-controls={bodyID}
          aria-label={intl.formatMessage({
            id: collapsed ? "upload.panel.expand" : "upload.panel.collapse",
          })}
          onClick={() => {
            setCollapsed((shown) => !shown);
          }}
        >
          <span className="cairn-upload-panel__chevron" aria-hidden="true" />
        </button>
        {onItsWay ? (
          <button
            type="button"
            className="cairn-icon-button"
            data-testid="upload-cancel"
            aria-label={intl.formatMessage({ id: "upload.cancel" })}
            title={intl.formatMessage({ id: "upload.cancel" })}
            disabled={phase === UploadPhase.cancelling}
            onClick={onCancel}
          >
            <CloseIcon size={18} />
          </button>
        ) : (
          <button
            type="button"
            className="cairn-icon-button"
            data-testid="upload-close"
            aria-label={intl.formatMessage({ id: "action.close" })}
            title={intl.formatMessage({ id: "action.close" })}
            onClick={onClose}
          >
            <CloseIcon size={18} />
          </button>
        )}
      </div>
      <div className="cairn-upload-panel__progress">
        <p className="cairn-upload-panel__count" data-testid="upload-count">
          <FormattedMessage
            id="upload.count"
            values={{ finished: finishedCount, total: totalCount }}
          />
        </p>
        <div
          className="cairn-upload-panel__bar"
          role="progressbar"
          aria-label={intl.formatMessage({ id: "upload.overall" })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={overallPercent}
          aria-valuetext={percentText(overallPercent)}
          data-testid="upload-overall"
        >
          <div
            className="cairn-upload-panel__fill"
            style={{ "--cairn-upload-fill": `${String(overallPercent)}%` } as CSSProperties}
          />
        </div>
      </div>
      <div id={bodyID} className="cairn-upload-panel__body" hidden={collapsed}>
        <div className="cairn-upload-panel__scroll">
          {run.interrupted && (
            <p className="cairn-upload-panel__interrupted" role="alert">
              <FormattedMessage id="upload.interrupted" />
            </p>
          )}
          {onItsWay && snapshot !== undefined && snapshot.inProgress.length > 0 && (
            <ul
              className="cairn-upload-panel__files"
              aria-label={intl.formatMessage({ id: "upload.inProgress" })}
              data-testid="upload-in-progress"
            >
              {snapshot.inProgress.map((file) => (
                <li key={file.id} className="cairn-upload-panel__file" data-file-id={file.id}>
                  <span className="cairn-upload-panel__name">{file.name}</span>
                  <span className="cairn-upload-panel__percent">{percentText(file.percent)}</span>
                  <progress
                    className="cairn-upload-panel__file-bar"
                    max={100}
                    value={file.percent}
                    aria-label={file.name}
                    aria-valuetext={percentText(file.percent)}
                  />
                </li>
              ))}
            </ul>
          )}
          {!onItsWay && snapshot !== undefined && <UploadSummary results={snapshot.results} />}
        </div>
        {canRetry && (
          <div className="cairn-upload-panel__actions">
            <Button variant="accent" data-testid="upload-retry" onClick={onRetry}>
              <FormattedMessage id="upload.retry" />
            </Button>
          </div>
        )}
      </div>
    </section>
  );
}
