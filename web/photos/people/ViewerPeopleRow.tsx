// The viewer's info panel's "People": the faces in the shown photo, left to
// right, each with its person's name ("Unnamed" for a face no one named),
// a link to the person's photos where the face belongs to a person. Nothing
// when the photo has no known faces (or face indexing is off).

import { useEffect, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "react-router";
import type { FaceInFile } from "../../../workers/people/people-contract";
import { log } from "../../common/log/log";
import { FaceCrop } from "./FaceCrop";
import { personAddress } from "./person-address";
import { usePagePeopleClient } from "./people-client-context";
import "./people.css";

export function ViewerPeopleRow({ fileID }: { fileID: number }) {
  const intl = useIntl();
  const client = usePagePeopleClient();
  const [answered, setAnswered] = useState<{ fileID: number; faces: FaceInFile[] }>();

  useEffect(() => {
    if (client === undefined) return;
    let current = true;
    client
      .facesInFile(fileID)
      .then((faces) => {
        if (current) setAnswered({ fileID, faces });
      })
      .catch((e: unknown) => {
        log.error("Could not read a photo's faces", e);
      });
    return () => {
      current = false;
    };
  }, [client, fileID]);

  const faces = answered?.fileID === fileID ? answered.faces : [];
  if (faces.length === 0) return null;

  const face = (shown: FaceInFile) => {
    const name = shown.name ?? intl.formatMessage({ id: "people.unnamed" });
    const content = (
      <>
        <FaceCrop face={shown} sizePx={48} />
        <span
          className={
            shown.name === undefined
              ? "cairn-viewer-face__name cairn-viewer-face__name--unnamed"
              : "cairn-viewer-face__name"
          }
        >
          {name}
        </span>
      </>
    );
    return (
      <li key={shown.faceID} data-testid="viewer-face" data-person-id={shown.personID}>
        {shown.personID === undefined ? (
          <span className="cairn-viewer-face" title={name}>
            {content}
          </span>
        ) : (
          <Link
            to={personAddress(shown.personID)}
            className="cairn-viewer-face"
            title={intl.formatMessage({ id: "people.openPerson" }, { name })}
          >
            {content}
          </Link>
        )}
      </li>
    );
  };

  return (
    <>
      <dt>
        <FormattedMessage id="people.viewer.row" />
      </dt>
      <dd data-testid="viewer-info-people">
        <ul className="cairn-viewer-faces">{faces.map(face)}</ul>
      </dd>
    </>
  );
}
