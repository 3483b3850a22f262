import { Link } from 'react-router-dom'
import { Button } from '@/components/ui/button'
import { paths } from '@/config/paths'
import { useSharedText } from '../lib/shared-messages'
import { SharedHead } from './shared-head'

/** An expired or revoked link (answered 410): it says which, and leads to the public portfolio. */
export function LinkGonePage({ kind }: { kind: 'expired' | 'revoked' }) {
  const st = useSharedText()
  const title = st(kind)
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 px-4 text-center">
      <SharedHead title={title} />
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{title}</h1>
      <p className="max-w-md text-muted-foreground">{st('goneText')}</p>
      <Button asChild size="lg" className="rounded-full px-8">
        <Link to={paths.home}>{st('toPortfolio')}</Link>
      </Button>
    </main>
  )
}
