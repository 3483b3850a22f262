// Says which of the site's languages the CV's PDF cannot write (its fonts
// draw Latin, Greek, Cyrillic and Arabic: docs/PRODUCT.md §21), before the
// owner publishes a CV whose texts in them would come out as '?'. Shown on
// the dashboard, and by any screen that lists the languages.
import { useQuery } from '@tanstack/react-query'
import { languagesTheCvCannotWrite } from '@shared/contract/cv-scripts.ts'
import { Alert } from '@/components/ui/alert'
import { languagesQueryOptions } from '@/lib/i18n/page-language'

const names = (type: 'language' | 'script') => new Intl.DisplayNames(['en'], { type })

/** The notice for `languages` (tags), or nothing when the PDF writes them all. */
export function CvScriptsNotice({ languages }: { languages: readonly string[] }) {
  const missing = languagesTheCvCannotWrite(languages)
  if (!missing.length) return null
  const language = names('language')
  const script = names('script')
  const listed = missing.map(
    ({ tag, script: code }) =>
      `${language.of(tag) ?? tag} (${tag}, ${script.of(code) ?? code} script)`,
  )
  return (
    <Alert>
      <p className="font-medium">The PDF CV cannot write every language of the site</p>
      <p className="mt-1">
        Its fonts draw the Latin, Greek, Cyrillic and Arabic scripts, not {listed.join(', ')}: text
        in {missing.length === 1 ? 'it' : 'them'} would show as “?” in the PDF. The CV page shows it
        as written.
      </p>
    </Alert>
  )
}

/** The notice for the site's languages (GET /languages). */
export function SiteCvScriptsNotice() {
  const { data } = useQuery(languagesQueryOptions())
  return data ? <CvScriptsNotice languages={data.languages} /> : null
}
