// shadcn/ui's chart component (Recharts), trimmed to what the back office
// uses: a container that turns a config into CSS variables (--color-<key>),
// so series take their colours from the theme's --chart-N in light and dark,
// and a tooltip in the app's look. Only admin chunks import it: Recharts must
// never reach the public pages (docs/PRODUCT.md §17).
import { createContext, useContext, useId, type ComponentProps, type ReactNode } from 'react'
import * as RechartsPrimitive from 'recharts'
import { cn } from '@/lib/utils'

export type ChartConfig = Record<string, { label?: ReactNode; color?: string }>

const ChartContext = createContext<{ config: ChartConfig } | null>(null)

function useChart() {
  const context = useContext(ChartContext)
  if (!context) throw new Error('useChart must be used within a <ChartContainer />')
  return context
}

export function ChartContainer({
  id,
  className,
  children,
  config,
  ...props
}: ComponentProps<'div'> & {
  config: ChartConfig
  children: ComponentProps<typeof RechartsPrimitive.ResponsiveContainer>['children']
}) {
  const uniqueId = useId()
  const chartId = `chart-${id || uniqueId.replace(/:/g, '')}`
  return (
    <ChartContext.Provider value={{ config }}>
      <div
        data-slot="chart"
        data-chart={chartId}
        className={cn(
          "flex aspect-video justify-center text-xs [&_.recharts-cartesian-axis-tick_text]:fill-muted-foreground [&_.recharts-cartesian-grid_line[stroke='#ccc']]:stroke-border/50 [&_.recharts-curve.recharts-tooltip-cursor]:stroke-border [&_.recharts-rectangle.recharts-tooltip-cursor]:fill-muted [&_.recharts-layer]:outline-hidden [&_.recharts-surface]:outline-hidden",
          className,
        )}
        {...props}
      >
        <ChartStyle id={chartId} config={config} />
        <RechartsPrimitive.ResponsiveContainer>{children}</RechartsPrimitive.ResponsiveContainer>
      </div>
    </ChartContext.Provider>
  )
}

function ChartStyle({ id, config }: { id: string; config: ChartConfig }) {
  const colors = Object.entries(config).filter(([, item]) => item.color)
  if (!colors.length) return null
  const css = `[data-chart=${id}] {\n${colors
    .map(([key, item]) => `  --color-${key}: ${item.color};`)
    .join('\n')}\n}`
  return <style>{css}</style>
}

export const ChartTooltip = RechartsPrimitive.Tooltip

interface TooltipItem {
  name?: unknown
  value?: unknown
  dataKey?: unknown
  color?: string
}

export function ChartTooltipContent({
  active,
  payload,
  label,
  className,
}: {
  active?: boolean
  payload?: readonly TooltipItem[]
  label?: unknown
  className?: string
}) {
  const { config } = useChart()
  if (!active || !payload?.length) return null
  return (
    <div
      className={cn(
        'grid min-w-32 gap-1.5 rounded-lg border border-border/50 bg-background px-2.5 py-1.5 text-xs shadow-xl',
        className,
      )}
    >
      {label != null ? <div className="font-medium">{String(label)}</div> : null}
      {payload.map((item) => {
        const key = String(item.dataKey ?? item.name ?? '')
        return (
          <div key={key} className="flex items-center gap-2">
            <span
              className="size-2.5 shrink-0 rounded-[2px]"
              style={{ background: item.color ?? `var(--color-${key})` }}
            />
            <span className="text-muted-foreground">{config[key]?.label ?? key}</span>
            <span className="ml-auto font-mono font-medium tabular-nums">
              {Number(item.value).toLocaleString('en-US')}
            </span>
          </div>
        )
      })}
    </div>
  )
}
