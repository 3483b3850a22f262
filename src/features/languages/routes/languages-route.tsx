import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { languagesQueryOptions } from '@/lib/i18n/page-language'
import { isAdmin, useSession } from '@/lib/session'
import { LanguagesForm } from '../components/languages-form'

/** Languages (docs/PRODUCT.md §23): every account sees them, admins change them. */
export default function LanguagesRoute() {
  const canWrite = isAdmin(useSession())
  const languages = useQuery(languagesQueryOptions())
  const [kept, setKept] = useState<string[]>([])
  return (
    <section className="grid gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold">Languages</h1>
        <p className="text-sm text-muted-foreground">
          The languages the portfolio is written in. The default one is at the site&apos;s root;
          each item&apos;s edit screen has a tab for every other.
        </p>
      </div>
      {languages.isPending ? (
        <Spinner label="Loading languages" />
      ) : languages.isError ? (
        <div>
          <p className="text-sm text-destructive">Could not load the languages</p>
          <Button variant="outline" onClick={() => languages.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        // Keyed by what is saved, so a save elsewhere starts the form afresh.
        <LanguagesForm
          key={`${languages.data.default}:${languages.data.languages.join(',')}`}
          saved={languages.data}
          canWrite={canWrite}
          onSaved={setKept}
        />
      )}
      <div role="status" className="grid max-w-xl gap-1 text-sm">
        {kept.map((message) => (
          <p key={message}>{message}</p>
        ))}
      </div>
    </section>
  )
}
