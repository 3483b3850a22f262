import type { Certification } from '@shared/contract/types.ts'
import { useMessages } from '@/lib/i18n/messages-context'
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
  const { t } = useMessages()
  return (
    <PageSection id="certifications" title={title} titleAttrs={titleAttrs}>
      {certifications.length === 0 ? (
        <p className="text-center text-muted-foreground">{t('certifications.empty')}</p>
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
