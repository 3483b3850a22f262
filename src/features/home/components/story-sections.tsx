// Experience (a timeline, newest first) and Education (docs/PRODUCT.md §18);
// each is left out while it has no entry. Months are <time datetime="YYYY-MM">.
import type { Education, Experience } from '@shared/contract/types.ts'
import { formatMonthYear } from '@/lib/format'
import { useMessages } from '@/lib/i18n/messages-context'
import { localHtml, localText, type LocalText, type TextPage } from '@/lib/i18n/localize'
import { usePageLanguage } from '@/lib/i18n/page-language'
import { externalHref } from '@/lib/safe-url'
import { PageSection } from './page-section'
import { MarkdownText } from '@/components/markdown-text'

function Months({ start, end }: { start: string; end: string | null }) {
  const { dates } = useMessages()
  return (
    <p className="text-sm text-muted-foreground">
      <time dateTime={start}>{formatMonthYear(start, dates.lang)}</time> –{' '}
      {end ? <time dateTime={end}>{formatMonthYear(end, dates.lang)}</time> : dates.present}
    </p>
  )
}

/** The organization or institution, linked to its address when it has an http(s) one. */
function Place({ name, url }: { name: string; url: string | null }) {
  const href = externalHref(url)
  if (!href) return name
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="underline decoration-primary/40 underline-offset-4 hover:decoration-primary"
    >
      {name}
    </a>
  )
}

interface Entry {
  id: number
  /** In the page's language where translated (lib/i18n/localize.ts); a part may fall back. */
  title: LocalText[]
  place: string
  url: string | null
  location?: LocalText
  startDate: string
  endDate: string | null
  description: LocalText
  /** The description's HTML from the server (docs/PRODUCT.md §26), or null for its text. */
  descriptionHtml: string | null
  tags?: { id: number; name: string }[]
}

function Timeline({ id, title, entries }: { id: string; title: string; entries: Entry[] }) {
  if (!entries.length) return null
  return (
    <PageSection id={id} title={title}>
      <ol className="mx-auto grid max-w-3xl gap-8 border-s-2 border-primary/40 ps-6">
        {entries.map((e) => (
          <li key={e.id} className="relative">
            <span
              aria-hidden="true"
              className="absolute top-1.5 -start-[31px] size-3 rounded-full bg-primary"
            />
            <h3 className="text-lg font-bold">
              {e.title.map((part, i) => (
                <span key={i} {...part.attrs}>
                  {i ? ` · ${part.text}` : part.text}
                </span>
              ))}
            </h3>
            <p className="font-medium">
              <Place name={e.place} url={e.url} />
              {e.location?.text ? (
                <span {...e.location.attrs}>{` · ${e.location.text}`}</span>
              ) : null}
            </p>
            <Months start={e.startDate} end={e.endDate} />
            {e.description.text ? (
              <MarkdownText
                html={e.descriptionHtml}
                text={e.description.text}
                attrs={e.description.attrs}
                className="mt-2 gap-2 text-foreground/80"
              />
            ) : null}
            {e.tags?.length ? (
              <p className="mt-2 text-sm text-muted-foreground">
                {e.tags.map((t) => t.name).join(' · ')}
              </p>
            ) : null}
          </li>
        ))}
      </ol>
    </PageSection>
  )
}

/** An entry's description in the page's language, with the server's HTML of it. */
function described(e: Experience | Education, page: TextPage) {
  const description = localText(e, 'description', page)
  return { description, descriptionHtml: localHtml(e, 'description', description, page) }
}

export function StorySections({
  experiences,
  education,
}: {
  experiences: Experience[]
  education: Education[]
}) {
  const { t } = useMessages()
  const page = usePageLanguage()
  return (
    <>
      <Timeline
        id="experience"
        title={t('story.experienceTitle')}
        entries={experiences.map((e) => ({
          ...e,
          title: [localText(e, 'role', page)],
          location: localText(e, 'location', page),
          ...described(e, page),
          place: e.organization,
          tags: e.technologies,
        }))}
      />
      <Timeline
        id="education"
        title={t('story.educationTitle')}
        entries={education.map((e) => ({
          ...e,
          title: [localText(e, 'qualification', page), localText(e, 'field', page)].filter(
            (part) => part.text,
          ),
          ...described(e, page),
          place: e.institution,
        }))}
      />
    </>
  )
}
