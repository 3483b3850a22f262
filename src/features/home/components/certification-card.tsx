import type { Certification } from '@shared/contract/types.ts'
import { CertificationIcon } from '@/components/certification-icon'
import { formatMonthYear } from '@/lib/format'
import { useMessages } from '@/lib/i18n/messages-context'

export function CertificationCard({ certification }: { certification: Certification }) {
  const { lang } = useMessages()
  return (
    <li className="flex items-center gap-5 rounded-2xl border bg-card p-5 shadow-sm transition-shadow hover:shadow-md sm:p-6">
      <CertificationIcon
        icon={certification.icon}
        name={certification.name}
        decorative
        frameClassName="rounded-2xl bg-accent"
      />
      <div className="min-w-0">
        <h3 className="text-base font-bold leading-snug sm:text-lg">{certification.name}</h3>
        <p className="mt-1 text-sm text-muted-foreground">
          <time dateTime={certification.obtainedDate}>
            {formatMonthYear(certification.obtainedDate, lang)}
          </time>
        </p>
      </div>
    </li>
  )
}
