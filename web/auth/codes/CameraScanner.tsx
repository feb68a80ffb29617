// Reading a QR code with the camera: the video shows here, and a few frames
// a second go to the worker, which looks for a code in each. The camera
// stops when a code is found or the dialog closes.

import { transfer } from "comlink";
import { useEffect, useRef, useState } from "react";
import { useIntl } from "react-intl";
import type {
  AddCodeResult,
  ImportAnswer,
} from "../../../workers/authenticator/authenticator-contract";
import type { AuthenticatorClient } from "./authenticator-client";
import { inputErrorMessages } from "./input-errors";

/** Frames looked at per second: enough to feel instant, light on a phone. */
const scanIntervalMs = 300;
/** A frame's longest side: a QR code filling a third of it still has ~4 px per module. */
const frameMaxSidePx = 960;

type CameraState = "starting" | "scanning" | "unavailable";

export function CameraScanner({
  client,
  onFound,
}: {
  client: AuthenticatorClient;
  onFound: (result: AddCodeResult | ImportAnswer) => void;
}) {
  const intl = useIntl();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>("starting");
  const [error, setError] = useState<string | undefined>();
  // The dialog's callback changes with each render; the camera must not restart with it.
  const found = useRef(onFound);
  useEffect(() => {
    found.current = onFound;
  });

  useEffect(() => {
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const scanning = { stopped: false };
    /** Read through a call: the cleanup may stop the camera while a frame is being read. */
    const isStopped = () => scanning.stopped;
    const canvas = document.createElement("canvas");
    const context = canvas.getContext("2d", { willReadFrequently: true });

    const scan = async () => {
      const video = videoRef.current;
      if (isStopped() || video === null || context === null) return;
      if (video.videoWidth > 0) {
        const scale = Math.min(1, frameMaxSidePx / Math.max(video.videoWidth, video.videoHeight));
        canvas.width = Math.round(video.videoWidth * scale);
        canvas.height = Math.round(video.videoHeight * scale);
        context.drawImage(video, 0, 0, canvas.width, canvas.height);
        const { width, height, data } = context.getImageData(0, 0, canvas.width, canvas.height);
        const frame = { width, height, data };
        const result = await client.addFromCameraFrame(transfer(frame, [data.buffer]));
        if (isStopped()) return;
        if ("ok" in result && !result.ok) {
          if (result.error !== "no-qr-code") {
            setError(intl.formatMessage({ id: inputErrorMessages[result.error] }));
          }
        } else {
          scanning.stopped = true;
          found.current(result);
          return;
        }
      }
      timer = setTimeout(() => void scan().catch(() => undefined), scanIntervalMs);
    };

    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: "environment" }, audio: false })
      .then(async (opened) => {
        stream = opened;
        if (isStopped() || videoRef.current === null) return;
        videoRef.current.srcObject = opened;
        await videoRef.current.play();
        setState("scanning");
        await scan();
      })
      .catch(() => {
        if (!isStopped()) setState("unavailable");
      });

    return () => {
      scanning.stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [client, intl]);

  return (
    <div className="cairn-auth-camera" data-testid="auth-camera" data-state={state}>
      {state === "unavailable" ? (
        <p className="cairn-field__error" role="alert">
          {intl.formatMessage({ id: "auth.camera.unavailable" })}
        </p>
      ) : (
        <>
          <video ref={videoRef} className="cairn-auth-camera__video" muted playsInline />
          <p className="cairn-dialog__message" role="status">
            {intl.formatMessage({
              id: state === "starting" ? "auth.camera.starting" : "auth.camera.scanning",
            })}
          </p>
        </>
      )}
      {error !== undefined && (
        <p className="cairn-field__error" role="alert" data-testid="auth-add-error">
          {error}
        </p>
      )}
    </div>
  );
}
