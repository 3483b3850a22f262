import { AwardIcon } from 'lucide-react'
import { useState } from 'react'
import { isImageIcon } from '@/lib/format'
import { safeHref } from '@/lib/safe-url'
import { cn } from '@/lib/utils'

/**
 * A certification's icon at 64 × 64 px (docs/PRODUCT.md §2.9): an image named
 * by the certification, or an emoji. An image that fails to load, or an empty
 * value, falls back to an award symbol.
 *
 * `decorative`: the certification's name is written right beside the icon (the
 * public card), so an emoji or the fallback is hidden from screen readers; the
 * image keeps its alternative text either way. `frameClassName` styles only the
 * box around an emoji or the fallback.
 */
export function CertificationIcon({
  icon,
  name,
  decorative = false,
  frameClassName,
}: {
  icon: string
  name: string
  decorative?: boolean
  frameClassName?: string
}) {
  const [failed, setFailed] = useState(false)
  const src = isImageIcon(icon) ? safeHref(icon.trim()) : undefined
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
  const label = decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': name }
  return (
    <span
      {...label}
      className={cn(
        'inline-flex size-16 shrink-0 items-center justify-center text-4xl',
        frameClassName,
      )}
    >
      {src || !icon.trim() ? <AwardIcon className="size-8 text-primary" /> : icon}
    </span>
  )
}
