// The health card's missing translations (docs/PRODUCT.md §23): per language
// of the site other than the default, how many texts visitors would read in
// the default one, and each item linking to its edit screen on that
// language's tab. Nothing on a site of one language.
import { useQueries } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { paths } from '@/config/paths'
import { certificationsQueryOptions } from '@/lib/queries/certifications'
import { configsQueryOptions } from '@/lib/queries/configs'
import { ownerPostsQueryOptions } from '@/lib/queries/owner-posts'
import { projectsQueryOptions } from '@/lib/queries/projects'
import { storyListQueryOptions } from '@/lib/queries/story'
import { languageName } from '@/lib/translations'
import { useSiteLanguages } from '@/lib/use-site-languages'
import { itemPath } from '../lib/item-path'
import { missingTranslations, type MissingItem } from '../lib/missing-translations'

const fieldNames: Record<string, string> = { field: 'field of study' }

/** Where a missing text is fixed: the item's edit screen on the language's tab (admins). */
function fixPath(item: MissingItem, lang: string, canWrite: boolean) {
  if (!canWrite) return itemPath(item.kind, item.id, false)
  const query = `lang=${encodeURIComponent(lang)}`
  return item.kind === 'configuration'
    ? `${paths.admin.configurations}?edit=${item.id}&${query}`
    : `${itemPath(item.kind, item.id, true)}?${query}`
}

export function MissingTranslations({ canWrite }: { canWrite: boolean }) {
  const site = useSiteLanguages()
  const reads = useQueries({
    queries: [
      projectsQueryOptions(),
      certificationsQueryOptions(),
      storyListQueryOptions('experiences'),
      storyListQueryOptions('education'),
      configsQueryOptions(),
      ownerPostsQueryOptions(),
    ],
  })
  if (site.languages.length < 2) return null
  const [projects, certifications, experiences, education, configs, posts] = reads
  if (reads.some((read) => read.isError))
    return (
      <section className="grid gap-2">
        <h3 className="text-base font-semibold">Missing translations</h3>
        <p className="text-sm text-destructive">Could not check the translations</p>
      </section>
    )
  if (
    !projects.data ||
    !certifications.data ||
    !experiences.data ||
    !education.data ||
    !configs.data ||
    !posts.data
  )
    return null
  const languages = missingTranslations(site, {
    projects: projects.data,
    certifications: certifications.data,
    experiences: experiences.data,
    education: education.data,
    configs: configs.data,
    posts: posts.data,
  })
  return (
    <section aria-labelledby="missing-translations" className="grid gap-2 text-sm">
      <h3 id="missing-translations" className="text-base font-semibold">
        Missing translations
      </h3>
      {languages.map(({ lang, count, items }) => {
        const name = languageName(lang)
        return (
          <div key={lang} className="grid gap-1">
            <p className="font-medium">
              {name}:{' '}
              {count === 0
                ? 'nothing missing'
                : `${count} missing ${count === 1 ? 'text' : 'texts'}`}
            </p>
            {items.length ? (
              // Scrolls when long; focusable so a keyboard can scroll it too.
              <ul
                aria-label={`Missing in ${name}`}
                tabIndex={0}
                className="grid max-h-60 gap-1 overflow-y-auto pl-4"
              >
                {items.map((item) => (
                  <li key={`${item.kind}-${item.id}`}>
                    <Link
                      className="underline-offset-4 hover:underline"
                      to={fixPath(item, lang, canWrite)}
                    >
                      {item.name}
                    </Link>{' '}
                    <span className="text-muted-foreground">
                      ({item.kind}: {item.fields.map((f) => fieldNames[f] ?? f).join(', ')})
                    </span>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        )
      })}
    </section>
  )
}
