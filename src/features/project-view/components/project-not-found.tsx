import { useEffect } from 'react'
import { Link } from 'react-router-dom'
import { Button } from '@/components/ui/button'
import { paths } from '@/config/paths'

/** An unknown or inactive project: the not-found page's words (docs/PRODUCT.md §2.2). */
export function ProjectNotFound() {
  useEffect(() => {
    const previous = document.title
    document.title = 'Page Not Found'
    const robots = document.createElement('meta')
    robots.name = 'robots'
    robots.content = 'noindex'
    document.head.append(robots)
    return () => {
      document.title = previous
      robots.remove()
    }
  }, [])
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 px-4 text-center">
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Page Not Found</h1>
      <p className="max-w-md text-muted-foreground">
        The page you are looking for doesn't exist or has been moved.
      </p>
      <Button asChild size="lg" className="rounded-full px-8">
        <Link to={paths.home}>Back to Home</Link>
      </Button>
    </main>
  )
}
