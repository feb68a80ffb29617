// The export folder: chosen by the user in the native folder picker, kept
// across launches, and the only folder the export process is given.

import path from "node:path";
import { exportFolderName } from "../../shared/model/export/export-names";

// [Note: The export writes only where the user chose]
//
// The page asks for an export folder by name (local storage `export`,
// spec §3), and a page can be made to ask anything. So the main process
// gives the export process only a folder the user picked in the folder
// picker of this very app: it keeps the last one picked (in the user data
// folder) and refuses any other. The export's file system is rooted there
// (`ExportFS`), so no name in the library can write outside it.

export interface ExportFolderDeps {
  /** Electron's `dialog.showOpenDialog`, for folders. */
  showOpenDialog: (options: {
    properties: ("openDirectory" | "createDirectory")[];
    title?: string;
  }) => Promise<{ canceled: boolean; filePaths: string[] }>;
  mkdir: (dir: string) => Promise<void>;
  /** The folder last chosen, as kept; undefined before any. */
  readChosen: () => string | undefined;
  writeChosen: (exportFolder: string) => void;
}

export interface ExportFolders {
  /** Opens the picker; the export folder (`<chosen>/Cairn Photos`, made), or undefined when cancelled. */
  choose(): Promise<string | undefined>;
  /** Whether `exportFolder` is the one the user chose. See: [Note: The export writes only where the user chose] */
  isAllowed(exportFolder: string): boolean;
}

export const exportFolders = (deps: ExportFolderDeps): ExportFolders => ({
  async choose() {
    const picked = await deps.showOpenDialog({ properties: ["openDirectory", "createDirectory"] });
    const directory = picked.filePaths[0];
    if (picked.canceled || directory === undefined) return undefined;
    // Choosing the export folder itself (or a folder in it) again keeps it.
    const exportFolder =
      path.basename(directory) === exportFolderName
        ? directory
        : path.join(directory, exportFolderName);
    await deps.mkdir(exportFolder);
    deps.writeChosen(exportFolder);
    return exportFolder;
  },
  isAllowed: (exportFolder) => {
    const chosen = deps.readChosen();
    return chosen !== undefined && path.resolve(exportFolder) === path.resolve(chosen);
  },
});

/** The chosen export folder kept across launches, in `<userData>/export-folder.json`. */
export const chosenExportFolderFile = (
  userDataDir: string,
  fs: {
    readFileSync: (file: string, encoding: "utf8") => string;
    writeFileSync: (file: string, text: string) => void;
    mkdirSync: (dir: string, options: { recursive: true }) => unknown;
  },
): Pick<ExportFolderDeps, "readChosen" | "writeChosen"> => {
  const file = path.join(userDataDir, "export-folder.json");
  return {
    readChosen: () => {
      try {
        const parsed = JSON.parse(fs.readFileSync(file, "utf8")) as { exportFolder?: unknown };
        return typeof parsed.exportFolder === "string" ? parsed.exportFolder : undefined;
      } catch {
        return undefined;
      }
    },
    writeChosen: (exportFolder) => {
      fs.mkdirSync(userDataDir, { recursive: true });
      fs.writeFileSync(file, JSON.stringify({ exportFolder }));
    },
  };
};
