import type { ImageItem } from '../lib/project-images'
import { useObjectUrl } from '../hooks/use-object-url'

/** The picture of an image item: its stored URL, or a local preview of the picked file. */
export function ImagePreview({
  item,
  alt,
  className,
}: {
  item: ImageItem
  alt: string
  className?: string
}) {
  const preview = useObjectUrl(item.kind === 'new' ? item.file : null)
  const src = item.kind === 'existing' ? item.url : preview
  if (!src) return <div className={className} aria-hidden="true" />
  return <img src={src} alt={alt} className={className} />
}
