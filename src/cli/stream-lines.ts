/**
 * The lines of a stream, read no faster than they are taken: the next chunk is read only when the lines of the last
 * one are used up. readline's iterator reads ahead of a slow reader and keeps every line it has not handed out, so an
 * import of a large file could hold much of it in memory.
 */
export async function* streamLines(stream: AsyncIterable<string | Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let rest = "";
  for await (const chunk of stream) {
    rest += typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true });
    let start = 0;
    for (let nl = rest.indexOf("\n"); nl !== -1; nl = rest.indexOf("\n", start)) {
      yield withoutCr(rest.slice(start, nl));
      start = nl + 1;
    }
    rest = rest.slice(start);
  }
  rest += decoder.decode();
  if (rest !== "") yield withoutCr(rest);
}

/** A line ended by CR LF is the same line as one ended by LF. */
function withoutCr(line: string): string {
  return line.endsWith("\r") ? line.slice(0, -1) : line;
}
