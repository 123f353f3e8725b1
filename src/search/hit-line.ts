/** One line a hit shows: its number in the transcript, its text, and whether it answers (else it is context). */
export interface HitLine {
  line: number;
  text: string;
  match: boolean;
  /**
   * What the best line's edit made of it, or what it replaced (ranked search): new to the hits even when the rest of
   * the lines repeats what hits before showed (the old code an edit replaced, shown when the file was written).
   */
  changed?: boolean;
}
