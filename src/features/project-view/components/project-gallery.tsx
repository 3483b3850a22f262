import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react'
import type { ImageDetails } from '@shared/contract/types.ts'
import { Button } from '@/components/ui/button'
import { useMessages } from '@/lib/i18n/messages-context'
import { cn } from '@/lib/utils'

interface ProjectGalleryProps {
  images: ImageDetails[]
  index: number
  onSelect: (index: number) => void
}

/**
 * The thumbnail and every image of a project, one at a time (docs/PRODUCT.md
 * §15). The page moves it with the arrow keys; screen readers hear the position
 * ("Image 2 of 5") from the live counter.
 */
export function ProjectGallery({ images, index, onSelect }: ProjectGalleryProps) {
  const { t } = useMessages()
  const current = images[index]
  if (!current) return null
  const many = images.length > 1
  return (
    <section
      aria-roledescription={t('gallery.roleDescription')}
      aria-label={t('gallery.label')}
      className="grid gap-3"
    >
      <figure className="overflow-hidden rounded-2xl border bg-muted">
        <img
          key={current.url}
          src={current.url}
          alt={current.alt}
          width={current.width ?? 1600}
          height={current.height ?? 900}
          decoding="async"
          fetchPriority={index === 0 ? 'high' : undefined}
          className="max-h-[70vh] w-full object-contain"
        />
      </figure>
      {many ? (
        <div className="flex items-center justify-between gap-3">
          <Button
            variant="outline"
            size="icon"
            aria-label={t('gallery.previous')}
            onClick={() => onSelect((index - 1 + images.length) % images.length)}
          >
            <ChevronLeftIcon aria-hidden="true" />
          </Button>
          <p aria-live="polite" aria-atomic="true" className="text-sm text-muted-foreground">
            {t('gallery.position', { index: index + 1, count: images.length })}
          </p>
          <Button
            variant="outline"
            size="icon"
            aria-label={t('gallery.next')}
            onClick={() => onSelect((index + 1) % images.length)}
          >
            <ChevronRightIcon aria-hidden="true" />
          </Button>
        </div>
      ) : null}
      {many ? (
        <ul aria-label={t('gallery.all')} className="flex gap-2 overflow-x-auto pb-1">
          {images.map((image, i) => (
            <li key={image.url} className="shrink-0">
              <button
                type="button"
                aria-label={t('gallery.show', { index: i + 1, alt: image.alt })}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => onSelect(i)}
                className={cn(
                  'block overflow-hidden rounded-md border-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                  i === index
                    ? 'border-primary'
                    : 'border-transparent opacity-70 hover:opacity-100',
                )}
              >
                <img
                  src={image.cardUrl ?? image.url}
                  alt=""
                  width={96}
                  height={64}
                  loading="lazy"
                  decoding="async"
                  className="h-16 w-24 object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}
