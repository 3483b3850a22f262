// The charts of the Visitors screen (docs/PRODUCT.md §17), each beside a
// table of the same numbers. Colours are the theme's --chart-N variables, so
// light and dark both read well.
import type { VisitStats } from '@shared/contract/types.ts'
import { Area, AreaChart, Bar, BarChart, CartesianGrid, XAxis, YAxis } from 'recharts'
import {
  ChartContainer,
  ChartTooltip,
  ChartTooltipContent,
  type ChartConfig,
} from '@/components/ui/chart'
import { ChartPanel } from './chart-panel'

const perDayConfig = {
  visitors: { label: 'Visitors', color: 'var(--chart-1)' },
  views: { label: 'Views', color: 'var(--chart-2)' },
} satisfies ChartConfig

const TARGET_LABELS: Record<string, string> = {
  live: 'Live demo',
  source: 'Source code',
  linkedin: 'LinkedIn',
  github: 'GitHub',
  email: 'E-mail',
}

/** '2026-11-26' as 'Nov 26', in UTC like the days themselves. */
const shortDate = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  })

export function PerDayChart({
  days,
  compact = false,
}: {
  days: VisitStats['days']
  compact?: boolean
}) {
  return (
    <ChartContainer
      config={perDayConfig}
      className={compact ? 'aspect-auto h-40 w-full' : 'aspect-auto h-64 w-full'}
    >
      <AreaChart accessibilityLayer={false} data={days} margin={{ left: 0, right: 8, top: 8 }}>
        <CartesianGrid vertical={false} />
        <XAxis
          dataKey="date"
          tickFormatter={shortDate}
          tickLine={false}
          axisLine={false}
          minTickGap={24}
        />
        <YAxis allowDecimals={false} tickLine={false} axisLine={false} width={32} />
        <ChartTooltip
          content={<ChartTooltipContent />}
          labelFormatter={(date) => shortDate(String(date))}
        />
        <Area
          isAnimationActive={false}
          dataKey="views"
          type="monotone"
          stroke="var(--color-views)"
          fill="var(--color-views)"
          fillOpacity={0.15}
        />
        <Area
          isAnimationActive={false}
          dataKey="visitors"
          type="monotone"
          stroke="var(--color-visitors)"
          fill="var(--color-visitors)"
          fillOpacity={0.3}
        />
      </AreaChart>
    </ChartContainer>
  )
}

function TopBars({ data, label }: { data: { name: string; value: number }[]; label: string }) {
  const config = { value: { label, color: 'var(--chart-1)' } } satisfies ChartConfig
  return (
    <ChartContainer
      config={config}
      className="aspect-auto w-full"
      style={{ height: 40 + data.length * 32 }}
    >
      <BarChart
        accessibilityLayer={false}
        data={data}
        layout="vertical"
        margin={{ left: 8, right: 16 }}
      >
        <XAxis type="number" allowDecimals={false} hide />
        <YAxis type="category" dataKey="name" tickLine={false} axisLine={false} width={140} />
        <ChartTooltip content={<ChartTooltipContent />} cursor={false} />
        <Bar isAnimationActive={false} dataKey="value" fill="var(--color-value)" radius={4} />
      </BarChart>
    </ChartContainer>
  )
}

/** A day's row of the per-day table, keyed by its date. */
export const dayRow = (d: VisitStats['days'][number]) => ({
  key: d.date,
  cells: [d.date, d.visitors, d.views],
})

/** A bar's row of its chart's table, keyed by what identifies it, not by its label. */
const barRow = (bar: { key: string | number; name: string; value: number }) => ({
  key: bar.key,
  cells: [bar.name, bar.value],
})

export function VisitCharts({ stats }: { stats: VisitStats }) {
  const projects = stats.projects.map((p) => ({ key: p.id, name: p.name, value: p.views }))
  const referrers = stats.referrers.map((r) => ({ key: r.host, name: r.host, value: r.visits }))
  const clicks = stats.clicks.map((c) => ({
    key: c.target,
    name: TARGET_LABELS[c.target] ?? c.target,
    value: c.count,
  }))
  const sources = [
    ...stats.sources.map((s) => ({ name: `utm_source=${s.name}`, value: s.visits })),
    ...stats.campaigns.map((s) => ({ name: `utm_campaign=${s.name}`, value: s.visits })),
  ].map((s) => ({ ...s, key: s.name }))
  // The period's views of each link (docs/PRODUCT.md §24): GET /stats holds no
  // per-day figures per link, so a bar per link, keyed by its id (labels repeat).
  const shareLinks = stats.shareLinks.map((l) => ({ key: l.id, name: l.label, value: l.views }))
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div className="lg:col-span-2">
        <ChartPanel
          title="Visitors and views per day"
          empty="No visits in this period"
          table={{
            columns: ['Day', 'Visitors', 'Views'],
            rows: stats.totals.views ? stats.days.map(dayRow) : [],
          }}
        >
          <PerDayChart days={stats.days} />
        </ChartPanel>
      </div>
      {(
        [
          ['Top projects', 'No project pages viewed', 'Project', 'Views', projects],
          ['Top referrers', 'No visits came from another site', 'Site', 'Visits', referrers],
          ['Clicks per link', 'No links followed', 'Link', 'Clicks', clicks],
          ['Campaigns', 'No visits with utm_source or utm_campaign', 'Campaign', 'Visits', sources],
          [
            'Views per share link',
            'No share link opened in this period',
            'Share link',
            'Views',
            shareLinks,
          ],
        ] as const
      ).map(([title, empty, name, label, bars]) => (
        // The bars' figure is the table's second column.
        <ChartPanel
          key={title}
          title={title}
          empty={empty}
          table={{ columns: [name, label], rows: bars.map(barRow) }}
        >
          <TopBars data={bars} label={label} />
        </ChartPanel>
      ))}
    </div>
  )
}
