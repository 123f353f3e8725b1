/** One line a hit shows: its number in the transcript, its text, and whether it answers (else it is context). */
export interface HitLine {
  line: number;
  text: string;
  match: boolean;
}
