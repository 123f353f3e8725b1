/**
 * The host's own tools that the session map and the recall at the point of action read, by name, with the names of
 * their arguments: one table per OpenCode version, chosen by the host adapter and handed to both features, so that a
 * tool renamed by a host (1.x `bash` is 2.x `shell`, 1.x `filePath` is 2.x `path`) is changed in one place.
 */

/** A tool that applies a patch: the argument with its text, and where its result's metadata lists the files. */
export interface PatchTool {
  /** The argument holding the patch text (`*** Update File: path` headers). */
  text: string;
  /** The metadata field listing the changed files, and the key of each entry's path. */
  files: { field: string; path: string };
}

/** A shell tool: the argument with the command, and the one naming the folder it runs in (if the tool has one). */
export interface ShellTool {
  command: string;
  workdir?: string;
}

export interface HostTools {
  /** Tools that change one file, and the argument naming it. */
  writers: Readonly<Record<string, string>>;
  /** Tools that read one file, and the argument naming it. */
  readers: Readonly<Record<string, string>>;
  patchers: Readonly<Record<string, PatchTool>>;
  shells: Readonly<Record<string, ShellTool>>;
}

/** OpenCode 1.x (1.18.33): `edit`/`write`/`multiedit`(filePath), `apply_patch`(patchText), `bash`(command, workdir). */
export const V1_TOOLS: HostTools = {
  writers: { edit: "filePath", write: "filePath", multiedit: "filePath" },
  readers: { read: "filePath" },
  patchers: {
    apply_patch: { text: "patchText", files: { field: "files", path: "filePath" } },
    patch: { text: "patchText", files: { field: "files", path: "filePath" } },
  },
  shells: { bash: { command: "command", workdir: "workdir" } },
};

/**
 * OpenCode 2.x (packages/core/src/tool/plugin/ of 2.0.26): `edit`/`write`(path), `read`(path), `patch`(patchText;
 * metadata `files[].file`), `shell`(command, workdir).
 */
export const V2_TOOLS: HostTools = {
  writers: { edit: "path", write: "path" },
  readers: { read: "path" },
  patchers: { patch: { text: "patchText", files: { field: "files", path: "file" } } },
  shells: { shell: { command: "command", workdir: "workdir" } },
};
