// The CV as a page (docs/PRODUCT.md §21): the JSON Resume that GET /resume.json
// answers, laid out like GET /cv.pdf, printable on A4 or Letter.
import { MapPinIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { formatMonthRange, formatMonthYear, formatYears, type DateWords } from '@/lib/format'
import { MarkdownText } from '@/components/markdown-text'
import { useMessages } from '@/lib/i18n/messages-context'
import { externalHref, mailtoHref, safeHref } from '@/lib/safe-url'

/** The parts of a JSON Resume (docs/PRODUCT.md §20) this page shows. */
export interface CvResume {
  basics: {
    name?: string
    label?: string
    /** The profile's photo, one of this site's uploads (docs/PRODUCT.md §3). */
    image?: string
    email?: string
    /** The profile's website link. */
    url?: string
    summary?: string
    /** The profile's place, as written, in the page's language. */
    location?: { city?: string }
    profiles?: { url?: string }[]
  }
  /** `summaryHtml` and `descriptionHtml`: the server's HTML of those Markdown texts (docs/PRODUCT.md §26). */
  work: Dated<{
    name?: string
    position?: string
    location?: string
    summary?: string
    summaryHtml?: string
  }>[]
  education: Dated<{ institution?: string; studyType?: string; area?: string }>[]
  skills: { name: string }[]
  certificates: { name: string; date?: string }[]
  projects: Dated<{
    name: string
    description?: string
    descriptionHtml?: string
    keywords?: string[]
  }>[]
}
/** The export keeps only http(s) addresses (docs/PRODUCT.md §20); externalHref checks again. */
type Dated<T> = T & { startDate?: string; endDate?: string; url?: string }

const year = (value: string | undefined) => (value ? Number(value.slice(0, 4)) : null)
const months = (entry: Dated<object>, dates: DateWords) =>
  formatMonthRange(entry.startDate ?? '', entry.endDate ?? null, dates)

/** A titled list, left out when it has no entries. */
function ListSection<T>({
  title,
  items,
  children,
}: {
  title: string
  items: T[]
  children: (item: T) => ReactNode
}) {
  if (!items.length) return null
  return (
    <section className="mt-6">
      <h2 className="mb-3 border-b pb-1 text-sm font-bold tracking-widest uppercase break-after-avoid">
        {title}
      </h2>
      <ul>{items.map(children)}</ul>
    </section>
  )
}

/**
 * A name linked to its web address; on paper the address follows it, since a
 * printed link cannot be followed (the CV route's print CSS, data-print-url).
 */
function Named({ name, url }: { name: string; url?: string }) {
  const href = externalHref(url)
  if (!href) return name
  return (
    <a href={href} data-print-url className="underline-offset-2 hover:underline print:underline">
      {name}
    </a>
  )
}

function Item({ title, when, children }: { title: ReactNode; when: string; children?: ReactNode }) {
  return (
    <li className="mb-3 break-inside-avoid">
      <div className="flex flex-wrap justify-between gap-x-4">
        <h3 className="font-semibold">{title}</h3>
        <span className="text-sm text-muted-foreground">{when}</span>
      </div>
      {children}
    </li>
  )
}

const note = (text: string | undefined, muted = false) =>
  text ? (
    <p className={`text-sm whitespace-pre-line ${muted ? 'text-muted-foreground' : ''}`}>{text}</p>
  ) : null

/** A Markdown text as the server rendered it; without its HTML, as plain paragraphs. */
const markdown = (text: string | undefined, html: string | undefined) =>
  text ? <MarkdownText html={html ?? null} text={text} className="text-sm" /> : null

export function CvDocument({
  resume,
  lang,
  dir,
}: {
  resume: CvResume
  /** The language of its texts and their direction, when the page has one (docs/PRODUCT.md §23). */
  lang?: string
  dir?: 'ltr' | 'rtl'
}) {
  const { t, dates } = useMessages()
  const { basics } = resume
  // The e-mail by its field, not by an '@' in the text: a Mastodon address has one too.
  const links = [
    { text: basics.email, href: mailtoHref(basics.email) },
    ...[basics.url, ...(basics.profiles ?? []).map((p) => p.url)].map((url) => ({
      text: url,
      href: externalHref(url),
    })),
  ].filter((link): link is { text: string; href: string } => Boolean(link.text && link.href))
  const photo = basics.image ? safeHref(basics.image) : undefined
  const place = basics.location?.city
  return (
    <article
      lang={lang}
      dir={dir}
      className="mx-auto max-w-3xl bg-background px-6 py-10 text-foreground wrap-anywhere print:max-w-none print:p-0"
    >
      <header className="flex items-center gap-5">
        {photo && (
          // Beside the name it shows: the heading says who it is (alt="").
          <img
            src={photo}
            alt=""
            width={96}
            height={96}
            className="size-20 shrink-0 rounded-full border object-cover sm:size-24"
          />
        )}
        <div className="min-w-0">
          <h1 className="text-3xl font-black">{basics.name || t('cv.untitled')}</h1>
          {basics.label && <p className="mt-1 text-muted-foreground">{basics.label}</p>}
          {place && (
            <p className="mt-1 flex items-center gap-1 text-sm text-muted-foreground">
              <MapPinIcon aria-hidden="true" className="size-4 shrink-0" />
              {place}
            </p>
          )}
        </div>
      </header>
      {links.length > 0 && (
        <p className="mt-2 flex flex-wrap gap-x-4 text-sm">
          {links.map((link) => (
            // At least 24 px high: a target a finger or a shaky hand can take (WCAG 2.5.8).
            <a key={link.href} className="inline-flex min-h-6 items-center" href={link.href}>
              {link.text}
            </a>
          ))}
        </p>
      )}
      {basics.summary && <p className="mt-3">{basics.summary}</p>}
      <ListSection title={t('cv.experience')} items={resume.work}>
        {(job) => (
          <Item
            key={`${job.name}|${job.position}|${job.startDate}`}
            title={
              <>
                {job.position}, <Named name={job.name ?? ''} url={job.url} />
              </>
            }
            when={months(job, dates)}
          >
            {note(job.location, true)}
            {markdown(job.summary, job.summaryHtml)}
          </Item>
        )}
      </ListSection>
      <ListSection title={t('cv.education')} items={resume.education}>
        {(study) => (
          <Item
            key={`${study.institution}|${study.studyType}|${study.startDate}`}
            title={
              <>
                {[study.studyType, study.area]
                  .filter(Boolean)
                  .map((part) => `${part}, `)
                  .join('')}
                <Named name={study.institution ?? ''} url={study.url} />
              </>
            }
            when={months(study, dates)}
          />
        )}
      </ListSection>
      <ListSection title={t('cv.projects')} items={resume.projects}>
        {(project) => (
          <Item
            key={project.name}
            title={<Named name={project.name} url={project.url} />}
            when={formatYears(year(project.startDate), year(project.endDate), dates)}
          >
            {markdown(project.description, project.descriptionHtml)}
            {note(project.keywords?.join(', '), true)}
          </Item>
        )}
      </ListSection>
      <ListSection title={t('cv.skills')} items={resume.skills.length ? [resume.skills] : []}>
        {(skills) => <li key="skills">{skills.map((skill) => skill.name).join(', ')}</li>}
      </ListSection>
      <ListSection title={t('cv.certifications')} items={resume.certificates}>
        {(cert) => (
          <Item
            key={`${cert.name}|${cert.date}`}
            title={cert.name}
            when={formatMonthYear(cert.date ?? '', dates.lang)}
          />
        )}
      </ListSection>
    </article>
  )
}
