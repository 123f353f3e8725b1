/** Where a recognised secret sits in a text: `[start, end)` in UTF-16 code units, and what it is. */
export interface SecretSpan {
  readonly kind: string;
  readonly start: number;
  readonly end: number;
}

/** Receives each secret found, in order; returns true to stop the search (the first one is enough for a refusal). */
export type SpanSink = (span: SecretSpan) => boolean;
