/** The reads the 2.x adapter answers for the person when the host asks: those within the folder allowReads names. */
import path from "node:path";

/** Permission actions that read a file or list a folder (2.x asks `external_directory` first for one outside). */
export const READ_ACTIONS = new Set(["read", "external_directory", "grep", "glob", "list"]);

/** True when every resource (a path, or a folder's `dir/*`) lies in `folder`. */
export function readsOnlyFolder(resources: readonly string[], folder: string): boolean {
  if (resources.length === 0) return false;
  return resources.every((resource) => {
    const target = path.resolve(resource.replace(/[/\\]\*+$/, ""));
    const inside = path.relative(folder, target);
    return inside === "" || (!inside.startsWith("..") && !path.isAbsolute(inside));
  });
}
