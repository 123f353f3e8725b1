/**
 * Private keys: PEM armour (OpenSSL, OpenSSH, PKCS#8, GnuPG) and PuTTY key files, each followed by key material.
 * A header alone (in documentation, say) is not a key. The span runs from the header to the end of the block.
 */
import { entropy, isPlaceholder, looksRandomToken } from "./randomness.js";
import type { SpanSink } from "./secret-span.js";

export const PRIVATE_KEY = "private key block";
export const PUTTY_KEY = "PuTTY private key";

// The armour of OpenSSL, OpenSSH, PuTTY-converted and GnuPG keys, and of any other tool's: a label of up to 100
// letters, digits, spaces, `_` and `-` before PRIVATE KEY (the label's class holds no `-----`, so a header is read
// in one bounded pass).
const PEM_HEADER = /-----BEGIN[ A-Za-z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----/g;
const PEM_WINDOW = 8192;
// 16+ base64 characters: a full line is 64, but a key cut after its first few characters still leaks.
const KEY_LINE = /^[A-Za-z0-9+/]{16,}={0,2}$/;
// Newlines, or `\n` escapes when the key sits inside a JSON string.
const LINE_BREAK = /\\[nr]|\r?\n/;
// Room for armour headers (Proc-Type, DEK-Info, Version, Comment) and blank lines before the key material.
const MAX_LEADING_LINES = 8;

/** Whether `line` holds the BEGIN armour of a private key (PEM, OpenSSH, PKCS#8, GnuPG). */
export function beginsPrivateKey(line: string): boolean {
  return line.includes("-----BEGIN") && new RegExp(PEM_HEADER.source).test(line);
}

/** Whether `line` holds PEM armour of any kind (a BEGIN or an END, of a key, a certificate or anything else). */
export function isPemArmour(line: string): boolean {
  return /-----(?:BEGIN|END) [A-Z0-9 ]{1,60}-----/.test(line);
}

/** Whether `body` starts (after blank and `Name: value` lines) with a line of random base64. */
function startsWithKeyMaterial(body: string): boolean {
  const first = body
    .split(LINE_BREAK, MAX_LEADING_LINES)
    .map((line) => line.trim())
    .find((line) => line !== "" && !line.includes(":"));
  const word = first?.split(/\s/, 1)[0] ?? "";
  return KEY_LINE.test(word) && looksRandomToken(word);
}

// A closed block whose body is not base64 lines (a tool's own encoding, or a key pasted without its line breaks):
// 48+ characters (besides blanks) between the armour, as random as key material and unlike prose (about 4.2 bits a character).
const MIN_BODY = 48;
const MIN_BODY_BITS = 4.8;
function isKeyBody(body: string): boolean {
  const compact = body.replace(/\s+/g, "");
  return compact.length >= MIN_BODY && entropy(compact) >= MIN_BODY_BITS && !isPlaceholder(compact);
}

/** PEM private key blocks followed by key material; each span ends after its END armour, or where the key stops. */
export function privateKeyBlocks(text: string, sink: SpanSink): boolean {
  if (!text.includes("-----BEGIN")) return false;
  const headers = new RegExp(PEM_HEADER);
  for (let m = headers.exec(text); m; m = headers.exec(text)) {
    const from = m.index + m[0].length;
    const window = text.slice(from, from + PEM_WINDOW);
    const armour = window.indexOf("-----");
    const body = armour < 0 ? window : window.slice(0, armour);
    if (startsWithKeyMaterial(body) || (armour >= 0 && isKeyBody(body))) {
      const close = armour < 0 ? -1 : window.indexOf("-----", armour + 5);
      const end = from + (close < 0 ? body.length : close + 5);
      if (sink({ kind: PRIVATE_KEY, start: m.index, end })) return true;
      headers.lastIndex = end;
      continue;
    }
    // Skip what this header already examined: a later header inside it would see the same lines.
    headers.lastIndex = from + body.length;
  }
  return false;
}

const PUTTY_HEADER = /PuTTY-User-Key-File-\d+:/g;
const PRIVATE_LINES = /Private-Lines:[ \t]*\d+/;
const PRIVATE_MAC = /Private-MAC:[ \t]*[0-9a-fA-F]+/;

/** PuTTY `.ppk` files: the header, then `Private-Lines: n` followed by key material. */
export function puttyKeys(text: string, sink: SpanSink): boolean {
  if (!text.includes("PuTTY-User-Key-File-")) return false;
  const headers = new RegExp(PUTTY_HEADER);
  for (let m = headers.exec(text); m; m = headers.exec(text)) {
    const window = text.slice(m.index, m.index + PEM_WINDOW);
    const lines = PRIVATE_LINES.exec(window);
    if (!lines) continue;
    const afterLines = lines.index + lines[0].length;
    if (!startsWithKeyMaterial(window.slice(afterLines))) continue;
    const mac = PRIVATE_MAC.exec(window.slice(afterLines));
    const end = m.index + afterLines + (mac ? mac.index + mac[0].length : Math.min(window.length - afterLines, 4096));
    if (sink({ kind: PUTTY_KEY, start: m.index, end })) return true;
    headers.lastIndex = end;
  }
  return false;
}
