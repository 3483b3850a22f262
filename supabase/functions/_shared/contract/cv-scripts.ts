// Which languages the CV's PDF can write (docs/PRODUCT.md §21, decision 051):
// its fonts draw the Latin, Greek and Cyrillic scripts (Inter) and Arabic
// (Noto Sans Arabic, shaped, right to left). A language written in another
// script (Hebrew, Devanagari, Chinese, Japanese, Thai, ...) would come out as
// '?' in the PDF, so the back office says so before the owner publishes.
// scripts/cv-font-module.test.ts checks this list against the font files.

/** ISO 15924 codes of the scripts the CV's fonts draw. */
export const CV_SCRIPTS: readonly string[] = ['Latn', 'Grek', 'Cyrl', 'Arab']

/** The script `tag` is written in (`ja` -> Jpan, `sr` -> Cyrl, `zh-Hant` -> Hant), or null for no known one. */
export function scriptOf(tag: string): string | null {
  try {
    return new Intl.Locale(tag).maximize().script ?? null
  } catch {
    return null
  }
}

/** Of `tags`, the languages whose script the CV's fonts do not draw, each with its script. */
export function languagesTheCvCannotWrite(tags: readonly string[]) {
  return tags.flatMap((tag) => {
    const script = scriptOf(tag)
    return script && !CV_SCRIPTS.includes(script) ? [{ tag, script }] : []
  })
}
