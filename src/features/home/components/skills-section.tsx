import type { Technology } from '@shared/contract/types.ts'
import { PageSection } from './page-section'
import { TechIcon } from './tech-icon'

export function SkillsSection({
  title,
  technologies,
}: {
  title: string
  technologies: Technology[]
}) {
  return (
    <PageSection id="skills" title={title} className="bg-muted/50">
      {technologies.length === 0 ? (
        <p className="text-center text-muted-foreground">No skills listed yet.</p>
      ) : (
        <ul className="grid grid-cols-3 gap-3 sm:grid-cols-4 sm:gap-4 lg:grid-cols-6">
          {technologies.map((technology) => (
            <li
              key={technology.id}
              className="flex flex-col items-center gap-3 rounded-2xl border bg-card px-2 py-4 text-center sm:p-5 shadow-sm transition-transform hover:-translate-y-0.5 hover:shadow-md motion-reduce:hover:translate-y-0"
            >
              <TechIcon technology={technology} size={48} />
              <span className="text-sm font-semibold">{technology.name}</span>
            </li>
          ))}
        </ul>
      )}
    </PageSection>
  )
}
