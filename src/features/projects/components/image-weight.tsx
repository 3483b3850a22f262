import { formatBytes } from '../lib/image-plan'
import type { ImageItem } from '../lib/project-images'

/** Before and after: what the owner picked, and what will be uploaded (docs/PRODUCT.md §15). */
export function ImageWeight({ item }: { item: ImageItem }) {
  if (item.kind !== 'new') return null
  const size = item.width && item.height ? `, ${item.width} × ${item.height}` : ''
  const type = item.file.type.replace('image/', '').toUpperCase()
  const lighter = item.file.size < item.originalBytes
  return (
    <p className="text-xs text-muted-foreground">
      {lighter
        ? `${formatBytes(item.originalBytes)} → ${formatBytes(item.file.size)} (${type}${size})`
        : `${formatBytes(item.file.size)} (${type}${size})`}
    </p>
  )
}
