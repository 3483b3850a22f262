// The Open source section (docs/github.md, "Open source"): the merged pull
// requests the owner chose (GET /contributions), grouped by repository, the
// repository with the most recent merge first. Drawn by the server only
// (server-part.tsx, src/entry-server.tsx): its code and words never ship to
// a visitor, and nothing at all is drawn while there are none.
import type { Contribution } from '@shared/contract/types.ts'
import { usePageLanguage } from '@/lib/i18n/page-language'
import { openSourceText } from '../lib/open-source-messages'
import { PageSection } from './page-section'

/** Only a pull request's address on github.com becomes a link (the API and the database check it too). */
const PULL_REQUEST = /^https:\/\/github\.com\/[A-Za-z0-9-]+\/[A-Za-z0-9._-]+\/pull\/\d+$/

/** The contributions by repository, in the order of each repository's latest merge. */
export function byRepository(contributions: readonly Contribution[]) {
  const groups = new Map<string, Contribution[]>()
  const sorted = [...contributions].sort((a, b) => b.mergedAt.localeCompare(a.mergedAt))
  for (const c of sorted) groups.set(c.repository, [...(groups.get(c.repository) ?? []), c])
  return [...groups.entries()].map(([repository, items]) => ({ repository, items }))
}

export function OpenSourceSection({ contributions }: { contributions: readonly Contribution[] }) {
  const { lang } = usePageLanguage()
  if (contributions.length === 0) return null
  const text = (key: Parameters<typeof openSourceText>[1], values = {}) =>
    openSourceText(lang, key, values)
  const date = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' })
  return (
    <PageSection id="opensource" title={text('title')} className="bg-muted/40">
      <p className="-mt-6 mb-10 text-center text-muted-foreground">{text('intro')}</p>
      <ul className="mx-auto grid max-w-3xl gap-6">
        {byRepository(contributions).map(({ repository, items }) => (
          <li key={repository} className="rounded-xl border bg-card p-5 shadow-sm wrap-anywhere">
            <h3 className="font-mono text-lg font-bold" dir="ltr">
              {repository}
            </h3>
            <ul className="mt-3 grid gap-3">
              {items.map((c) => (
                <li key={c.id}>
                  {PULL_REQUEST.test(c.url) ? (
                    <a
                      href={c.url}
                      rel="noopener noreferrer"
                      target="_blank"
                      aria-label={`${c.title} (${text('pullRequest', { number: c.number, repository })})`}
                      className="font-semibold text-primary underline-offset-4 hover:underline"
                      dir="auto"
                    >
                      {c.title}
                    </a>
                  ) : (
                    <span dir="auto">{c.title}</span>
                  )}{' '}
                  <span className="text-sm text-muted-foreground">
                    #{c.number} ·{' '}
                    <time dateTime={c.mergedAt}>
                      {text('merged', { date: date.format(new Date(c.mergedAt)) })}
                    </time>
                  </span>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </PageSection>
  )
}
