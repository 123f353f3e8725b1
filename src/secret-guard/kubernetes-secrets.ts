/**
 * The values of a Kubernetes Secret manifest: in a text that declares `kind: Secret`, every entry of a `data:` map
 * (base64) or a `stringData:` map (plain text) holds a secret whatever its key is called (`tls.key`, `DATABASE_URL`).
 * A `data:` value is judged by what it decodes to; a value that decodes to bytes rather than text is key material.
 */
import { looksRandomToken, looksSecretValue } from "./randomness.js";

// What comes before `Secret` in `kind: Secret`, as YAML or JSON writes it (`"kind": "Secret"`), wherever the manifest
// starts in the text. Tried where each `Secret` is: most are part of a name (`clientSecret`) and cost one lookup.
const KIND_BEFORE = /(?<![\w-])kind["']?[ \t]{0,4}:[ \t]{0,4}["']?$/;
const NAME_CHAR = /[\w.-]/;

function declaresSecret(text: string): boolean {
  for (let at = text.indexOf("Secret"); at >= 0; at = text.indexOf("Secret", at + 6)) {
    const after = text[at + 6];
    if (after !== undefined && NAME_CHAR.test(after)) continue;
    if (KIND_BEFORE.test(text.slice(Math.max(0, at - 16), at))) return true;
  }
  return false;
}
const DATA_MAP = /^([ \t]*)(data|stringData):[ \t]*$/gm;
// One entry of the map: indentation, key, the value (maybe quoted), nothing after it but a comment.
const ENTRY = /^([ \t]+)[\w.-]+:[ \t]*(["']?)([^\s"'#]+)\2[ \t]*(?:#.*)?$/;
const BASE64 = /^[A-Za-z0-9+/]{8,}={0,2}$/;
// How many lines a map may run for.
const MAX_ENTRIES = 200;

function isSecretData(value: string): boolean {
  if (!BASE64.test(value)) return false;
  const decoded = Buffer.from(value, "base64").toString("latin1");
  if (/^[\x20-\x7e\t\r\n]*$/.test(decoded)) return looksSecretValue(decoded.trim());
  return value.length >= 16 && looksRandomToken(value);
}

/** The secret values of each `data:` and `stringData:` map of a Secret manifest in `text`, in order. */
export function kubernetesSecretValues(text: string): { value: string; start: number }[] {
  const found: { value: string; start: number }[] = [];
  if (!declaresSecret(text)) return found;
  DATA_MAP.lastIndex = 0;
  for (let map = DATA_MAP.exec(text); map; map = DATA_MAP.exec(text)) {
    const indent = map[1]?.length ?? 0;
    const plain = map[2] === "stringData";
    let at = map.index + map[0].length + 1;
    for (let n = 0; n < MAX_ENTRIES && at < text.length; n++) {
      const newline = text.indexOf("\n", at);
      const end = newline < 0 ? text.length : newline;
      const line = text.slice(at, end).replace(/\r$/, "");
      const entry = ENTRY.exec(line);
      // The map ends at the first line that is not one of its entries (a blank line, a key of the level above).
      if (!entry || (entry[1]?.length ?? 0) <= indent) break;
      const value = entry[3] ?? "";
      if (plain ? looksSecretValue(value) : isSecretData(value))
        found.push({ value, start: at + line.lastIndexOf(value) });
      at = end + 1;
    }
    DATA_MAP.lastIndex = Math.max(DATA_MAP.lastIndex, at);
  }
  return found;
}
