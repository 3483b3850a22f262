// "Demo content" (docs/PRODUCT.md §28): while the site still has rows of the
// demo portfolio as the seed wrote them, admins see how many and can remove
// them in one action. The confirmation says what goes and what stays, the
// result what went, and the undo is the backup kept first, restored on the
// Backup screen. Nothing shows once the demo is gone (or for a read-only account).
import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader } from '@/components/ui/card'
import { paths } from '@/config/paths'
import type { DemoCounts } from '@shared/contract/types.ts'
import { useDemoContent, useRemoveDemo } from '../api/demo-content'

const KINDS: [keyof DemoCounts, string, string][] = [
  ['projects', 'project', 'projects'],
  ['technologies', 'technology', 'technologies'],
  ['certifications', 'certification', 'certifications'],
  ['experiences', 'job', 'jobs'],
  ['education', 'school', 'schools'],
  ['posts', 'post', 'posts'],
]

/** "6 projects, 12 technologies and 4 certifications": the kinds that have any. */
export function describeCounts(counts: DemoCounts): string {
  const parts = KINDS.filter(([key]) => counts[key] > 0).map(
    ([key, one, many]) => `${counts[key]} ${counts[key] === 1 ? one : many}`,
  )
  return parts.length > 1
    ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`
    : (parts[0] ?? '')
}

const textsPart = (n: number) =>
  n > 0 ? `${n} site ${n === 1 ? 'text goes' : 'texts go'} back to the default` : ''

export function DemoContentCard({ canWrite }: { canWrite: boolean }) {
  const demo = useDemoContent(canWrite)
  const remove = useRemoveDemo()
  const [confirming, setConfirming] = useState(false)
  const result = useRef<HTMLDivElement>(null)
  // The button is gone with the demo: focus goes to what was done, where the undo is.
  useEffect(() => {
    if (remove.data) result.current?.focus()
  }, [remove.data])
  if (!canWrite || (!demo.data?.present && !remove.data)) return null

  const counts = demo.data?.counts
  const rows = counts ? describeCounts(counts) : ''
  const texts = counts ? textsPart(counts.configs) : ''
  return (
    <section aria-labelledby="demo-content-title">
      <Card>
        <CardHeader className="pb-2">
          <h2 id="demo-content-title" className="text-lg font-semibold">
            Demo content
          </h2>
        </CardHeader>
        <CardContent className="grid gap-3 text-sm">
          {demo.data?.present ? (
            <>
              <p>
                Your site still shows the example portfolio it started with:{' '}
                {[rows, texts].filter(Boolean).join('; ')}.
              </p>
              <AlertDialog open={confirming} onOpenChange={setConfirming}>
                <AlertDialogTrigger asChild>
                  <Button
                    className="justify-self-start"
                    variant="destructive"
                    disabled={remove.isPending}
                  >
                    {remove.isPending ? 'Removing the demo content...' : 'Remove the demo content'}
                  </Button>
                </AlertDialogTrigger>
                <AlertDialogContent>
                  <AlertDialogTitle>Remove the demo content?</AlertDialogTitle>
                  <AlertDialogDescription>
                    This removes {rows || 'the demo rows'}
                    {texts ? `, and ${texts}` : ''}. Anything you added or changed stays. A backup
                    of all content is kept first, so you can restore it on the Backup screen.
                  </AlertDialogDescription>
                  <AlertDialogFooter>
                    <AlertDialogCancel>Cancel</AlertDialogCancel>
                    <AlertDialogAction onClick={() => remove.mutate()}>
                      Remove the demo content
                    </AlertDialogAction>
                  </AlertDialogFooter>
                </AlertDialogContent>
              </AlertDialog>
            </>
          ) : null}
          <div ref={result} tabIndex={-1} aria-live="polite" className="grid gap-2 outline-none">
            {remove.data ? (
              <>
                <p>
                  Demo content removed:{' '}
                  {[describeCounts(remove.data.removed), textsPart(remove.data.removed.configs)]
                    .filter(Boolean)
                    .join('; ') || 'nothing was left to remove'}
                  .
                </p>
                {remove.data.backup ? (
                  <p>
                    A backup of everything as it was is kept.{' '}
                    <Link
                      className="font-medium underline underline-offset-2"
                      to={paths.admin.backup}
                    >
                      Undo: restore it on the Backup screen
                    </Link>
                  </p>
                ) : null}
              </>
            ) : null}
            {remove.isError ? (
              <p role="alert" className="text-destructive">
                {remove.error.message}
              </p>
            ) : null}
          </div>
        </CardContent>
      </Card>
    </section>
  )
}
