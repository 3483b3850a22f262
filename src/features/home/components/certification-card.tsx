import type { Certification } from '@shared/contract/types.ts'
import { CertificationIcon } from '@/components/certification-icon'
import { formatMonthYear } from '@/lib/format'
import { useMessages } from '@/lib/i18n/messages-context'
import { localText } from '@/lib/i18n/localize'
import { usePageLanguage } from '@/lib/i18n/page-language'

export function CertificationCard({ certification }: { certification: Certification }) {
  const { lang } = useMessages()
  const name = localText(certification, 'name', usePageLanguage())
  return (
    <li className="flex items-center gap-5 rounded-2xl border bg-card p-5 shadow-sm transition-shadow hover:shadow-md sm:p-6">
      <CertificationIcon
        icon={certification.icon}
        name={name.text}
        decorative
        frameClassName="rounded-2xl bg-accent"
      />
      <div className="min-w-0">
        <h3 {...name.attrs} className="text-base font-bold leading-snug sm:text-lg">
          {name.text}
        </h3>
        <p className="mt-1 text-sm text-muted-foreground">
          <time dateTime={certification.obtainedDate}>
            {formatMonthYear(certification.obtainedDate, lang)}
          </time>
        </p>
      </div>
    </li>
  )
}
