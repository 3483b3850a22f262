import { ArrowLeftIcon } from 'lucide-react'
import { Link } from 'react-router-dom'
import { PageControls } from '@/components/page-controls'
import { Button } from '@/components/ui/button'

/** The top of a writing page: a way back, the language switcher and the theme toggle. */
export function WritingHeader({ to, label }: { to: string; label: string }) {
  return (
    <header className="mx-auto flex w-full max-w-3xl items-center justify-between gap-3 px-4 py-4">
      <Button asChild variant="ghost">
        <Link to={to}>
          <ArrowLeftIcon aria-hidden="true" />
          {label}
        </Link>
      </Button>
      <PageControls />
    </header>
  )
}
