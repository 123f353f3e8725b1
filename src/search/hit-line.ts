/** One line a hit shows: its number in the transcript, its text, and whether it answers (else it is context). */
export interface HitLine {
  line: number;
  text: string;
  match: boolean;
  /**
   * A line an edit changed, shown as the counterpart of another line the hit shows: what that line became, or what it
   * replaced (ranked search). New to the hits even when the rest of its lines repeats what hits before showed (the old
   * code an edit replaced, shown when the file was written).
   */
  counterpart?: boolean;
}
