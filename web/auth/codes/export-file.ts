// The file an export downloads: its name (dated) and the download itself.

/** `cairn-auth-codes-2026-12-02.txt`, or `…-encrypted.json` for the encrypted export. */
export const exportFileName = (kind: "plain" | "encrypted", at: Date): string => {
  const day = at.toISOString().slice(0, 10);
  return kind === "plain"
    ? `cairn-auth-codes-${day}.txt`
    : `cairn-auth-codes-${day}-encrypted.json`;
};

/** Saves `text` as a file the browser downloads. */
export const downloadText = (text: string, fileName: string, type: string): void => {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file to the browser.
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 0);
};
