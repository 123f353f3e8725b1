/**
 * Aligned columns for people. When the rows are wider than the terminal, the flexible columns (titles, paths) give up
 * width first and their cells are cut with "…"; nothing is cut when the width is unknown (output to a file or a pipe).
 */
import { graphemes, cellWidth as width } from "./cell-width.js";

export interface Column {
  header: string;
  align?: "left" | "right";
  /** Gives up width when the table is too wide, down to `min` characters. */
  flex?: boolean;
  min?: number;
}

const GAP = "  ";

/** `text` cut to at most `max` terminal columns, with "…" (one column) when anything was cut. */
export function truncate(text: string, max: number): string {
  if (max <= 0) return "";
  if (width(text) <= max) return text;
  let kept = "";
  let used = 0;
  for (const g of graphemes(text)) {
    if (used + g.width > max - 1) break;
    kept += g.text;
    used += g.width;
  }
  return `${kept}…`;
}

function pad(text: string, size: number, align: "left" | "right"): string {
  const fill = " ".repeat(Math.max(0, size - width(text)));
  return align === "right" ? fill + text : text + fill;
}

function fitWidths(columns: readonly Column[], natural: number[], max: number | undefined): number[] {
  const widths = [...natural];
  if (max === undefined) return widths;
  const total = () => widths.reduce((a, b) => a + b, 0) + GAP.length * (widths.length - 1);
  // Shrink the widest flexible column one step at a time: long titles give up room before short paths do.
  for (;;) {
    const over = total() - max;
    if (over <= 0) return widths;
    let pick = -1;
    for (let i = 0; i < columns.length; i++) {
      const column = columns[i];
      const w = widths[i] ?? 0;
      if (!column?.flex || w <= (column.min ?? 8)) continue;
      if (pick < 0 || w > (widths[pick] ?? 0)) pick = i;
    }
    if (pick < 0) return widths;
    widths[pick] = Math.max(columns[pick]?.min ?? 8, (widths[pick] ?? 0) - over);
  }
}

/** Rows of cells (newlines in cells become spaces, control characters U+FFFD) as aligned lines, the header first (bold when `color`). */
export function renderTable(
  columns: readonly Column[],
  rows: readonly (readonly string[])[],
  options: { width?: number; color?: boolean } = {},
): string {
  // A cell can hold text from elsewhere (a session title): its control characters (an escape sequence that would
  // move the cursor, recolour or retitle the terminal) are shown as U+FFFD, never sent to the terminal.
  const clean = rows.map((row) =>
    columns.map((_, i) =>
      (row[i] ?? "")
        .replace(/\s+/g, " ")
        .replace(/[\p{Cc}\u2028\u2029]/gu, "\uFFFD")
        .trim(),
    ),
  );
  const natural = columns.map((c, i) => Math.max(width(c.header), ...clean.map((row) => width(row[i] ?? ""))));
  const widths = fitWidths(columns, natural, options.width);
  const line = (cells: readonly string[]) =>
    columns
      .map((c, i) => {
        const size = widths[i] ?? 0;
        const cell = truncate(cells[i] ?? "", size);
        // The last left-aligned column is not padded: no trailing spaces.
        return i === columns.length - 1 && c.align !== "right" ? cell : pad(cell, size, c.align ?? "left");
      })
      .join(GAP);
  // Fixed columns alone may still be too wide for a narrow terminal: then every line is cut at the edge.
  const fitLine = (text: string) => {
    const trimmed = text.trimEnd();
    return options.width === undefined ? trimmed : truncate(trimmed, options.width);
  };
  const header = fitLine(line(columns.map((c) => c.header)));
  return [options.color ? `\u001b[1m${header}\u001b[0m` : header, ...clean.map((row) => fitLine(line(row)))].join("\n");
}
