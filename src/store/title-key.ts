/**
 * The form in which two titles are compared: Unicode NFC (a composed "É" and "E" + combining accent are one title),
 * then a full case fold (upper then lower case, so "ß" matches "SS" and "Élan" matches "ÉLAN"). SQLite's NOCASE
 * folds ASCII only, so the comparison is made here.
 */
export function titleKey(title: string): string {
  return title.normalize("NFC").toUpperCase().toLowerCase().normalize("NFC");
}
