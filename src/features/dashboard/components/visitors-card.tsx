// The dashboard's 'Visitors' card (docs/PRODUCT.md §17): the last 7 days at a
// glance, with the same numbers in a table, and the way to the Visitors screen.
import { Link } from 'react-router-dom'
import { Button } from '@/components/ui/button'
import { paths } from '@/config/paths'
import { useVisitStats } from '@/lib/queries/stats'
import { ChartPanel } from '@/components/visit-charts/chart-panel'
import { dayRow, PerDayChart } from '@/components/visit-charts/visit-charts'

export function VisitorsCard() {
  const stats = useVisitStats(7)
  const data = stats.data
  return (
    <ChartPanel
      title="Visitors"
      empty={
        stats.isError
          ? 'Failed to load statistics.'
          : stats.isPending
            ? 'Loading statistics…'
            : 'No visits in the last 7 days'
      }
      summary={
        data ? (
          <p className="text-sm">
            Last 7 days:{' '}
            <strong className="tabular-nums">{data.totals.visitors.toLocaleString('en-US')}</strong>{' '}
            visitors,{' '}
            <strong className="tabular-nums">{data.totals.views.toLocaleString('en-US')}</strong>{' '}
            page views
          </p>
        ) : null
      }
      table={{
        columns: ['Day', 'Visitors', 'Views'],
        rows: data?.totals.views ? data.days.map(dayRow) : [],
      }}
      footer={
        <Button asChild variant="outline" size="sm" className="justify-self-start">
          <Link to={paths.admin.visitors}>View statistics</Link>
        </Button>
      }
    >
      {data ? <PerDayChart days={data.days} compact /> : null}
    </ChartPanel>
  )
}
