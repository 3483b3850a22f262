import { safeHref } from '@/lib/safe-url'
import { isImageIcon } from '../lib/certification-format'

/** A certification icon: a 64 x 64 px image named by the certification, or an emoji shown as text (spec section 2). */
export function CertificationIcon({ icon, name }: { icon: string; name: string }) {
  const src = isImageIcon(icon) ? safeHref(icon) : undefined
  if (src)
    return <img src={src} alt={name} width={64} height={64} className="size-16 object-contain" />
  return (
    <span
      role="img"
      aria-label={name}
      className="inline-flex size-16 items-center justify-center text-4xl"
    >
      {icon}
    </span>
  )
}
