/** Where a recognised secret sits in a text: `[start, end)` in UTF-16 code units, and what it is. */
export interface SecretSpan {
  readonly kind: string;
  readonly start: number;
  readonly end: number;
}
