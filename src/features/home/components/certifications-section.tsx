import type { Certification } from '@shared/contract/types.ts'
import type { LangAttributes } from '@/lib/i18n/localize'
import { CertificationCard } from './certification-card'
import { PageSection } from './page-section'

export function CertificationsSection({
  title,
  titleAttrs,
  certifications,
}: {
  title: string
  titleAttrs?: LangAttributes
  certifications: Certification[]
}) {
  return (
    <PageSection id="certifications" title={title} titleAttrs={titleAttrs}>
      {certifications.length === 0 ? (
        <p className="text-center text-muted-foreground">No certifications yet.</p>
      ) : (
        <ul className="mx-auto grid max-w-4xl gap-5 sm:grid-cols-2">
          {certifications.map((certification) => (
            <CertificationCard key={certification.id} certification={certification} />
          ))}
        </ul>
      )}
    </PageSection>
  )
}
