/**
 * The checksum GitHub and npm put in their tokens: the last 6 characters are the CRC32 of the 30 before them, in
 * base62. A valid checksum proves the shape even when the random part happens to read like letters only.
 */

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC32 (IEEE) of an ASCII string. */
export function crc32(text: string): number {
  let crc = 0xffffffff;
  for (let i = 0; i < text.length; i++) crc = (CRC_TABLE[(crc ^ text.charCodeAt(i)) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** `n` in base62, left-padded with zeros to `width`. */
export function base62(n: number, width: number): string {
  let out = "";
  for (let v = n; v > 0; v = Math.floor(v / 62)) out = BASE62[v % 62] + out;
  return out.padStart(width, "0");
}

/** A 36-character body (`ghp_` / `npm_` removed) whose last 6 characters are the checksum of its first 30. */
export function hasTokenChecksum(body: string): boolean {
  return body.length === 36 && base62(crc32(body.slice(0, 30)), 6) === body.slice(30);
}
