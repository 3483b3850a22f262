// A theme's card picture: a sketch of its page drawn in CSS (no image to
// fetch), enough to tell the layouts apart: centred, sidebar, grid, long
// read, terminal. The accent stripe uses the colour being chosen.
import { cn } from '@/lib/utils'

const bar = 'h-1.5 rounded-sm bg-current opacity-40'

export function ThemeSketch({ theme, accent }: { theme: string; accent: string }) {
  const dark = theme === 'terminal'
  const cards = theme === 'grid' ? 8 : theme === 'minimal' || theme === 'editorial' ? 0 : 3
  return (
    <div
      aria-hidden="true"
      className={cn(
        'flex h-24 gap-2 overflow-hidden rounded-md border p-2',
        dark ? 'bg-neutral-900 font-mono text-neutral-200' : 'bg-white text-neutral-800',
        theme === 'editorial' && 'bg-amber-50 font-serif',
      )}
    >
      {theme === 'sidebar' ? (
        <div className="grid w-1/3 content-start gap-1 border-e pe-2">
          <span className="size-5 rounded-full" style={{ background: accent }} />
          <span className={bar} />
          <span className={cn(bar, 'w-2/3')} />
        </div>
      ) : null}
      <div
        className={cn(
          'grid flex-1 content-start gap-1',
          (theme === 'minimal' || theme === 'classic') && 'justify-items-center',
        )}
      >
        <span className="h-2 w-1/2 rounded-sm" style={{ background: accent }} />
        <span className={cn(bar, 'w-3/4')} />
        {theme === 'editorial' || theme === 'minimal' ? (
          <>
            <span className={cn(bar, 'w-2/3')} />
            <span className={cn(bar, 'w-3/4')} />
            <span className={cn(bar, 'w-1/2')} />
          </>
        ) : null}
        {cards ? (
          <span
            className={cn(
              'mt-1 grid w-full gap-1',
              theme === 'grid' ? 'grid-cols-4' : 'grid-cols-3',
            )}
          >
            {Array.from({ length: cards }, (_, i) => (
              <span key={i} className="h-4 rounded-sm border border-current/30" />
            ))}
          </span>
        ) : null}
      </div>
    </div>
  )
}
