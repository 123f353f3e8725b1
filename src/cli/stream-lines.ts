/**
 * The lines of a stream, read no faster than they are taken: the next chunk is read only when the lines of the last
 * one are used up. readline's iterator reads ahead of a slow reader and keeps every line it has not handed out, so an
 * import of a large file could hold much of it in memory.
 */

/** A line longer than the bound: only its length is known, its text was never held. */
export interface OverlongLine {
  overlong: number;
}

/**
 * Each line, or for a line past `maxChars` its length only: what is read of it is dropped as it comes, so a file of
 * one huge line costs neither memory nor time beyond a pass over it. Each chunk is searched for newlines once.
 */
export async function* streamLines(
  stream: AsyncIterable<string | Uint8Array>,
  maxChars = Number.POSITIVE_INFINITY,
): AsyncGenerator<string | OverlongLine> {
  const decoder = new TextDecoder();
  let parts: string[] = [];
  let held = 0;
  let dropped = -1; // -1: the current line is held; otherwise how much of it was dropped
  const take = (piece: string) => {
    if (dropped >= 0) dropped += piece.length;
    else if (held + piece.length > maxChars) {
      dropped = held + piece.length;
      parts = [];
      held = 0;
    } else {
      parts.push(piece);
      held += piece.length;
    }
  };
  const end = (): string | OverlongLine => {
    // A line within one chunk is its slice as it is: joining copied every line, garbage Bun's collector let pile up.
    const text = parts.length === 1 ? (parts[0] as string) : parts.join("");
    const line: string | OverlongLine = dropped >= 0 ? { overlong: dropped } : withoutCr(text);
    parts = [];
    held = 0;
    dropped = -1;
    return line;
  };
  const pieces = async function* (): AsyncGenerator<string> {
    for await (const chunk of stream) yield typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true });
    yield decoder.decode();
  };
  for await (const text of pieces()) {
    let start = 0;
    for (let nl = text.indexOf("\n"); nl !== -1; nl = text.indexOf("\n", start)) {
      take(text.slice(start, nl));
      yield end();
      start = nl + 1;
    }
    if (start < text.length) take(text.slice(start));
  }
  if (held > 0 || dropped >= 0) yield end();
}

/** A line ended by CR LF is the same line as one ended by LF. */
function withoutCr(line: string): string {
  return line.endsWith("\r") ? line.slice(0, -1) : line;
}
