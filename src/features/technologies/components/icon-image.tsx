import { useState } from 'react'
import { safeHref } from '@/lib/safe-url'
import { cn } from '@/lib/utils'

/** A technology icon that disappears when it cannot be loaded (docs/PRODUCT.md §2). */
export function IconImage({
  src,
  alt,
  className,
}: {
  src: string | null | undefined
  alt: string
  className?: string
}) {
  const [failed, setFailed] = useState(false)
  const href = safeHref(src)
  if (!href || failed) return null
  return (
    <img
      src={href}
      alt={alt}
      onError={() => setFailed(true)}
      className={cn('size-8 object-contain', className)}
    />
  )
}
