// Tabs in shadcn/ui's shape (Tabs, TabsList, TabsTrigger, TabsContent) over
// the WAI-ARIA tabs pattern: arrow keys, Home and End move between tabs and
// choose them (automatic activation), one tab in the Tab order. Written here
// because no tabs primitive is among the project's packages (decisions 050,
// 058); with @radix-ui/react-tabs added, this file becomes its usual wrapper
// and the callers stay as they are.
import {
  createContext,
  useContext,
  useId,
  type ComponentProps,
  type KeyboardEvent,
  type ReactNode,
} from 'react'
import { cn } from '@/lib/utils'

/** The tab a key moves to from `index` among `count`, or null for any other key. */
export function tabKeyTarget(key: string, index: number, count: number): number | null {
  const last = count - 1
  if (key === 'ArrowRight') return index === last ? 0 : index + 1
  if (key === 'ArrowLeft') return index === 0 ? last : index - 1
  if (key === 'Home') return 0
  if (key === 'End') return last
  return null
}

interface TabsState {
  base: string
  value: string
  onValueChange: (value: string) => void
}

const TabsContext = createContext<TabsState | null>(null)

function useTabs(): TabsState {
  const state = useContext(TabsContext)
  if (!state) throw new Error('A tab is used outside <Tabs>')
  return state
}

const tabId = (base: string, value: string) => `${base}-tab-${value}`
const panelId = (base: string, value: string) => `${base}-panel-${value}`

interface TabsProps {
  value: string
  onValueChange: (value: string) => void
  className?: string
  children: ReactNode
}

export function Tabs({ value, onValueChange, className, children }: TabsProps) {
  const base = useId()
  return (
    <TabsContext.Provider value={{ base, value, onValueChange }}>
      <div className={cn('grid gap-2', className)}>{children}</div>
    </TabsContext.Provider>
  )
}

/** The row of tabs; name it with aria-label. */
export function TabsList({ className, ...props }: ComponentProps<'div'>) {
  const { onValueChange } = useTabs()
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]')]
    const index = tabs.indexOf(event.target as HTMLButtonElement)
    const next = index < 0 ? null : tabKeyTarget(event.key, index, tabs.length)
    if (next === null) return
    event.preventDefault()
    const tab = tabs[next]!
    onValueChange(tab.dataset.value!)
    tab.focus()
  }
  return (
    <div
      role="tablist"
      onKeyDown={onKeyDown}
      className={cn('flex flex-wrap gap-1 border-b border-border', className)}
      {...props}
    />
  )
}

export function TabsTrigger({
  value,
  className,
  ...props
}: Omit<ComponentProps<'button'>, 'value'> & { value: string }) {
  const state = useTabs()
  const selected = state.value === value
  return (
    <button
      type="button"
      role="tab"
      id={tabId(state.base, value)}
      data-value={value}
      data-state={selected ? 'active' : 'inactive'}
      aria-selected={selected}
      aria-controls={panelId(state.base, value)}
      tabIndex={selected ? 0 : -1}
      onClick={() => state.onValueChange(value)}
      className={cn(
        '-mb-px border-b-2 px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-ring',
        selected
          ? 'border-primary text-foreground'
          : 'border-transparent text-muted-foreground hover:text-foreground',
        className,
      )}
      {...props}
    />
  )
}

/** The panel of `value`; kept mounted while hidden when `forceMount` (a text area keeps its cursor). */
export function TabsContent({
  value,
  forceMount,
  className,
  ...props
}: ComponentProps<'div'> & { value: string; forceMount?: boolean }) {
  const state = useTabs()
  const selected = state.value === value
  if (!selected && !forceMount) return null
  return (
    <div
      role="tabpanel"
      id={panelId(state.base, value)}
      aria-labelledby={tabId(state.base, value)}
      hidden={!selected}
      tabIndex={0}
      className={cn('focus-visible:outline-2 focus-visible:outline-ring', className)}
      {...props}
    />
  )
}
