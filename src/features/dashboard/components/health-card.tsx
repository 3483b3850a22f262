// "Health" (docs/PRODUCT.md §13): how many findings of each severity, and each
// finding linking to the item to fix. The demo content's own links are not
// checked (decision 069's fingerprints tell its rows); the card says so while
// the demo is there.
import { Link } from 'react-router-dom'
import { Badge } from '@/components/ui/badge'
import { Card, CardContent, CardHeader } from '@/components/ui/card'
import type { Finding, Severity } from '@shared/contract/types.ts'
import { useDemoContent } from '../api/demo-content'
import { useInsights } from '../api/get-insights'
import { itemPath } from '../lib/item-path'
import { MissingTranslations } from './missing-translations'

const labels: Record<Severity, [string, string]> = {
  error: ['error', 'errors'],
  warning: ['warning', 'warnings'],
  info: ['note', 'notes'],
}
const variants = { error: 'outline', warning: 'secondary', info: 'muted' } as const

function findingPath(finding: Finding, canWrite: boolean): string | null {
  if (finding.entity === 'image') return null
  if (typeof finding.id !== 'number') return itemPath(finding.entity, 0, canWrite)
  return itemPath(finding.entity, finding.id, canWrite)
}

export function HealthCard({ canWrite }: { canWrite: boolean }) {
  const insights = useInsights()
  // Asked of admins only, as the demo card does (the same read).
  const demo = useDemoContent(canWrite)
  const counts = (severity: Severity) =>
    insights.data?.filter((finding) => finding.severity === severity).length ?? 0
  return (
    <Card>
      <CardHeader className="pb-2">
        <h2 className="text-lg font-semibold">Health</h2>
      </CardHeader>
      <CardContent className="grid gap-3">
        {insights.isPending ? (
          <p className="text-sm text-muted-foreground">Checking the portfolio...</p>
        ) : insights.isError ? (
          <p className="text-sm text-destructive">Could not check the portfolio</p>
        ) : (
          <>
            <p className="flex flex-wrap gap-2" aria-label="Findings by severity">
              {(['error', 'warning', 'info'] as const).map((severity) => (
                <Badge
                  key={severity}
                  variant={variants[severity]}
                  className={
                    severity === 'error' ? 'border-destructive text-destructive' : undefined
                  }
                >
                  {counts(severity)} {labels[severity][counts(severity) === 1 ? 0 : 1]}
                </Badge>
              ))}
            </p>
            {insights.data.length === 0 ? (
              <p className="text-sm text-muted-foreground">Nothing to fix</p>
            ) : (
              // Scrolls when long; focusable so a keyboard can scroll it too.
              <ul
                aria-label="Findings"
                tabIndex={0}
                className="grid max-h-80 gap-2 overflow-y-auto text-sm"
              >
                {insights.data.map((finding) => {
                  const to = findingPath(finding, canWrite)
                  return (
                    <li key={`${finding.kind}-${finding.entity}-${finding.id}-${finding.message}`}>
                      <span className="sr-only">{finding.severity}: </span>
                      {to ? (
                        <Link className="underline-offset-4 hover:underline" to={to}>
                          {finding.message}
                        </Link>
                      ) : (
                        finding.message
                      )}
                    </li>
                  )
                })}
              </ul>
            )}
          </>
        )}
        {demo.data?.present ? (
          <p className="text-sm text-muted-foreground">
            The demo content&apos;s links are not checked: they are the example&apos;s, not yours.
          </p>
        ) : null}
        <MissingTranslations canWrite={canWrite} />
      </CardContent>
    </Card>
  )
}
