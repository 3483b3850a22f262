import type { TechnologySummary } from '@shared/contract/types.ts'
import { useMessages, type Translate } from '@/lib/i18n/messages-context'
import { formatNumber } from '@/lib/i18n/message-format'
import type { LangAttributes } from '@/lib/i18n/localize'
import { PageSection } from './page-section'
import { TechIcon } from './tech-icon'

/** What backs a skill, as text: '5 projects · 2 roles · 2 posts · 2019–2025 · certified' (docs/PRODUCT.md §19). */
const evidenceText = (
  {
    projectCount,
    experienceCount,
    firstYear,
    lastYear,
    certificationCount,
    postCount = 0,
  }: TechnologySummary['evidence'],
  t: Translate,
  lang: string,
) => {
  const [a, b] = [firstYear, lastYear].map((year) => year && formatNumber(lang, year))
  return [
    projectCount > 0 && t('skills.projects', { count: projectCount }),
    experienceCount > 0 && t('skills.roles', { count: experienceCount }),
    postCount > 0 && t('skills.posts', { count: postCount }),
    a && (a === b ? a : `${a}–${b}`),
    certificationCount > 0 && t('skills.certified'),
  ]
    .filter(Boolean)
    .join(' · ')
}

export function SkillsSection({
  title,
  titleAttrs,
  technologies,
}: {
  title: string
  titleAttrs?: LangAttributes
  technologies: TechnologySummary[]
}) {
  const { t, lang } = useMessages()
  return (
    <PageSection id="skills" title={title} titleAttrs={titleAttrs} className="bg-muted/50">
      {technologies.length === 0 ? (
        <p className="text-center text-muted-foreground">{t('skills.empty')}</p>
      ) : (
        <ul className="grid grid-cols-3 gap-3 sm:grid-cols-4 sm:gap-4 lg:grid-cols-6">
          {technologies.map((technology) => (
            <li
              key={technology.id}
              className="flex flex-col items-center gap-3 rounded-2xl border bg-card px-2 py-4 text-center sm:p-5 shadow-sm transition-transform hover:-translate-y-0.5 hover:shadow-md motion-reduce:hover:translate-y-0"
            >
              <TechIcon technology={technology} size={48} />
              <span className="text-sm font-semibold">{technology.name}</span>
              {evidenceText(technology.evidence, t, lang) && (
                <small className="text-xs text-muted-foreground">
                  {evidenceText(technology.evidence, t, lang)}
                </small>
              )}
            </li>
          ))}
        </ul>
      )}
    </PageSection>
  )
}
