// Screen /admin/visitors (docs/PRODUCT.md §17): who looked, over the last 7,
// 30 or 90 days. Every chart has its numbers in a table behind 'Show table'.
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { STATS_PERIODS, useVisitStats, type StatsPeriod } from '@/lib/queries/stats'
import { VisitCharts } from '@/components/visit-charts/visit-charts'

export default function VisitorsRoute() {
  const [days, setDays] = useState<StatsPeriod>(30)
  const stats = useVisitStats(days)
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Visitors</h1>
        <div role="group" aria-label="Period" className="flex gap-2">
          {STATS_PERIODS.map((period) => (
            <Button
              key={period}
              size="sm"
              variant={period === days ? 'default' : 'outline'}
              aria-pressed={period === days}
              onClick={() => setDays(period)}
            >
              Last {period} days
            </Button>
          ))}
        </div>
      </div>
      <p className="text-sm text-muted-foreground">
        Counted without cookies. Visitors who ask not to be tracked and robots are not counted; a
        visitor is recognised within one day only.
      </p>
      {stats.isPending ? (
        <Spinner label="Loading statistics" />
      ) : stats.isError ? (
        <p role="alert">Failed to load statistics. Please try again later.</p>
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <Card>
              <CardHeader>
                <CardTitle className="text-base">Visitors</CardTitle>
              </CardHeader>
              <CardContent className="text-3xl font-bold tabular-nums">
                {stats.data.totals.visitors.toLocaleString('en-US')}
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle className="text-base">Page views</CardTitle>
              </CardHeader>
              <CardContent className="text-3xl font-bold tabular-nums">
                {stats.data.totals.views.toLocaleString('en-US')}
              </CardContent>
            </Card>
          </div>
          <VisitCharts stats={stats.data} />
        </>
      )}
    </div>
  )
}
