// The order of the codes this device shows, kept in local storage.

import type { CodeSortOrder } from "../../../shared/model/authenticator/code-sort";
import { localStore } from "../../common/storage/local-store";

export const storedCodeSort = (): CodeSortOrder => localStore.get("authCodeSort") ?? "issuer";

export const storeCodeSort = (sort: CodeSortOrder): void => {
  localStore.set("authCodeSort", sort);
};
