import type { ComponentProps } from 'react'
import { cn } from '@/lib/utils'

// Below md a `stacked` table shows each row as a card: the header row is hidden, each
// cell with a `label` shows it before its value, and unlabelled cells (the row's title,
// its actions) span the card. Still one <table> in the DOM, so its semantics are kept.
const stackedClasses = [
  'max-md:block',
  'max-md:[&_thead]:hidden',
  'max-md:[&_tbody]:block',
  'max-md:[&_tr]:block max-md:[&_tr]:px-4 max-md:[&_tr]:py-3',
  'max-md:[&_td]:block max-md:[&_td]:px-0 max-md:[&_td]:py-1',
  'max-md:[&_td[data-label]]:grid max-md:[&_td[data-label]]:grid-cols-[7rem_minmax(0,1fr)] max-md:[&_td[data-label]]:gap-x-3 max-md:[&_td[data-label]]:justify-items-start max-md:[&_td[data-label]]:items-start max-md:[&_td]:wrap-anywhere',
  'max-md:[&_td[data-label]]:before:content-[attr(data-label)] max-md:[&_td[data-label]]:before:font-medium max-md:[&_td[data-label]]:before:text-muted-foreground',
].join(' ')

/**
 * A data table; its wrapper scrolls sideways on narrow screens instead of squashing columns.
 * `stacked`: below md each row becomes a card instead (give its cells a `label`).
 */
export function Table({
  className,
  stacked = false,
  ...props
}: ComponentProps<'table'> & { stacked?: boolean }) {
  return (
    <div className="relative w-full overflow-x-auto rounded-md border">
      <table
        className={cn('w-full caption-bottom text-sm', stacked && stackedClasses, className)}
        {...props}
      />
    </div>
  )
}

export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  return <thead className={cn('bg-accent/40 [&_tr]:border-b', className)} {...props} />
}

export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody className={cn('[&_tr:last-child]:border-0', className)} {...props} />
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return (
    <tr className={cn('border-b transition-colors hover:bg-accent/30', className)} {...props} />
  )
}

export function TableHead({ className, scope = 'col', ...props }: ComponentProps<'th'>) {
  return (
    <th
      scope={scope}
      className={cn(
        'h-11 whitespace-nowrap px-4 text-left align-middle font-semibold text-foreground',
        className,
      )}
      {...props}
    />
  )
}

/** `label`: the column name shown before the value when a `stacked` table shows rows as cards. */
export function TableCell({
  className,
  label,
  ...props
}: ComponentProps<'td'> & { label?: string }) {
  return <td data-label={label} className={cn('px-4 py-3 align-middle', className)} {...props} />
}

export function TableCaption({ className, ...props }: ComponentProps<'caption'>) {
  return <caption className={cn('mt-4 text-sm text-muted-foreground', className)} {...props} />
}
