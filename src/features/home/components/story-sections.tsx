// Experience (a timeline, newest first) and Education (docs/PRODUCT.md §18);
// each is left out while it has no entry. Months are <time datetime="YYYY-MM">.
import type { Education, Experience } from '@shared/contract/types.ts'
import { formatMonthYear } from '@/lib/format'
import { useMessages } from '@/lib/i18n/messages-context'
import { externalHref } from '@/lib/safe-url'
import { PageSection } from './page-section'

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
  title: string
  place: string
  url: string | null
  location?: string
  startDate: string
  endDate: string | null
  description: string
  tags?: { id: number; name: string }[]
}

function Timeline({ id, title, entries }: { id: string; title: string; entries: Entry[] }) {
  if (!entries.length) return null
  return (
    <PageSection id={id} title={title}>
      <ol className="mx-auto grid max-w-3xl gap-8 border-l-2 border-primary/40 pl-6">
        {entries.map((e) => (
          <li key={e.id} className="relative">
            <span
              aria-hidden="true"
              className="absolute top-1.5 -left-[31px] size-3 rounded-full bg-primary"
            />
            <h3 className="text-lg font-bold">{e.title}</h3>
            <p className="font-medium">
              <Place name={e.place} url={e.url} />
              {e.location ? ` · ${e.location}` : null}
            </p>
            <Months start={e.startDate} end={e.endDate} />
            {e.description ? (
              <p className="mt-2 whitespace-pre-line text-foreground/80">{e.description}</p>
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

const joined = (...parts: string[]) => parts.filter(Boolean).join(' · ')

export function StorySections({
  experiences,
  education,
}: {
  experiences: Experience[]
  education: Education[]
}) {
  const { t } = useMessages()
  return (
    <>
      <Timeline
        id="experience"
        title={t('story.experienceTitle')}
        entries={experiences.map((e) => ({
          ...e,
          title: e.role,
          place: e.organization,
          tags: e.technologies,
        }))}
      />
      <Timeline
        id="education"
        title={t('story.educationTitle')}
        entries={education.map((e) => ({
          ...e,
          title: joined(e.qualification, e.field),
          place: e.institution,
        }))}
      />
    </>
  )
}
