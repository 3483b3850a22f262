import { useState } from 'react'
import { cn } from '@/lib/utils'
import { monogram, technologyIconSrc } from '../lib/tech-icons'

interface TechIconProps {
  technology: { name: string; icon: string | null }
  size?: number
  className?: string
}

/**
 * A technology's icon: its own, else the built-in map, else the first letter
 * of its name (docs/PRODUCT.md §2). A broken image also falls back to the letter.
 * Decorative: the name is always shown next to it.
 */
export function TechIcon({ technology, size = 48, className }: TechIconProps) {
  const src = technologyIconSrc(technology)
  const [failedSrc, setFailedSrc] = useState<string | null>(null)
  if (src && failedSrc !== src) {
    return (
      <img
        src={src}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
        onError={() => setFailedSrc(src)}
        className={cn('object-contain', className)}
        style={{ width: size, height: size }}
      />
    )
  }
  return (
    <span
      aria-hidden="true"
      data-testid="tech-monogram"
      className={cn(
        'flex items-center justify-center rounded-xl bg-gradient-to-br from-primary to-secondary font-black text-primary-foreground',
        className,
      )}
      style={{ width: size, height: size, fontSize: size * 0.45 }}
    >
      {monogram(technology.name)}
    </span>
  )
}
