import { useEffect } from 'react'
import { Link } from 'react-router-dom'
import { Button } from '@/components/ui/button'
import { paths } from '@/config/paths'
import { useMessages } from '@/lib/i18n/messages-context'

/**
 * The not-found page (docs/PRODUCT.md §2.2): for any unknown route, and for a
 * project page whose id is unknown or inactive, so both say the same words.
 */
export function NotFoundPage() {
  const { t } = useMessages()
  const title = t('notFound.title')
  useEffect(() => {
    const previous = document.title
    document.title = title
    // Keep search engines from indexing a missing page.
    const robots = document.createElement('meta')
    robots.name = 'robots'
    robots.content = 'noindex'
    document.head.append(robots)
    return () => {
      document.title = previous
      robots.remove()
    }
  }, [title])

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 px-4 text-center">
      <p
        aria-hidden="true"
        className="bg-gradient-to-r from-primary to-secondary bg-clip-text text-8xl font-black text-transparent"
      >
        404
      </p>
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{title}</h1>
      <p className="max-w-md text-muted-foreground">{t('notFound.text')}</p>
      <Button asChild size="lg" className="rounded-full px-8">
        <Link to={paths.home}>{t('notFound.back')}</Link>
      </Button>
    </main>
  )
}
