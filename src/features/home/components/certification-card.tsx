import { AwardIcon } from 'lucide-react'
import { useState } from 'react'
import type { Certification } from '@shared/types.ts'
import { safeHref } from '@/lib/safe-url'
import { formatMonthYear } from '../lib/format'

/** An icon value that is a link to an image (URL or path), not an emoji or text. */
const imageSrc = (icon: string) =>
  /^(https?:\/\/|\/)/i.test(icon.trim()) ? safeHref(icon) : undefined

function CertificationIcon({ icon, name }: { icon: string; name: string }) {
  const [failed, setFailed] = useState(false)
  const src = imageSrc(icon)
  if (src && !failed) {
    return (
      <img
        src={src}
        alt={name}
        width={64}
        height={64}
        loading="lazy"
        decoding="async"
        onError={() => setFailed(true)}
        className="size-16 shrink-0 object-contain"
      />
    )
  }
  return (
    <span
      aria-hidden="true"
      className="flex size-16 shrink-0 items-center justify-center rounded-2xl bg-accent text-4xl"
    >
      {src || !icon.trim() ? <AwardIcon className="size-8 text-primary" /> : icon}
    </span>
  )
}

export function CertificationCard({ certification }: { certification: Certification }) {
  return (
    <li className="flex items-center gap-5 rounded-2xl border bg-card p-5 shadow-sm transition-shadow hover:shadow-md sm:p-6">
      <CertificationIcon icon={certification.icon} name={certification.name} />
      <div className="min-w-0">
        <h3 className="text-base font-bold leading-snug sm:text-lg">{certification.name}</h3>
        <p className="mt-1 text-sm text-muted-foreground">
          <time dateTime={certification.obtainedDate}>
            {formatMonthYear(certification.obtainedDate)}
          </time>
        </p>
      </div>
    </li>
  )
}
