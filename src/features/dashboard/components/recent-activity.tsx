// "Recent activity" (docs/PRODUCT.md §12): the last entries of the history,
// each linking to the item while it still exists.
import { Link } from 'react-router-dom'
import { Card, CardContent, CardHeader } from '@/components/ui/card'
import { paths } from '@/config/paths'
import type { ActivityEntry } from '@shared/contract/types.ts'
import { useActivity } from '../api/get-activity'
import { itemPath, kindOfTable } from '../lib/item-path'

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })

/**
 * A new order of the featured row is one entry that says it (08_activity.sql):
 * it needs no field list, and leads to the projects' list, where the order is set.
 */
const isReorder = (entry: ActivityEntry) =>
  entry.entity === 'projects' && entry.changedFields.join() === 'featured_order'

function EntryLine({ entry, canWrite }: { entry: ActivityEntry; canWrite: boolean }) {
  const reorder = isReorder(entry)
  // A change of the languages says the whole new list (13_languages.sql).
  const saysAll = reorder || entry.entity === 'languages'
  const fields =
    entry.changedFields.length && !saysAll ? ` (${entry.changedFields.join(', ')})` : ''
  const text = `${entry.summary}${fields}`
  const kind = kindOfTable[entry.entity]
  return (
    <li className="grid gap-0.5 py-2">
      {entry.entityExists && kind ? (
        <Link
          className="font-medium underline-offset-4 hover:underline"
          to={reorder ? paths.admin.projects : itemPath(kind, entry.entityId, canWrite)}
        >
          {text}
        </Link>
      ) : (
        <span className="font-medium">{text}</span>
      )}
      <span className="text-xs text-muted-foreground">
        by {entry.actor}, <time dateTime={entry.at}>{when.format(new Date(entry.at))}</time>
      </span>
    </li>
  )
}

export function RecentActivity({ canWrite }: { canWrite: boolean }) {
  const activity = useActivity(10)
  return (
    <Card>
      <CardHeader className="pb-2">
        <h2 className="text-lg font-semibold">Recent activity</h2>
      </CardHeader>
      <CardContent>
        {activity.isPending ? (
          <p className="text-sm text-muted-foreground">Loading activity...</p>
        ) : activity.isError ? (
          <p className="text-sm text-destructive">Could not load the activity history</p>
        ) : activity.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing has happened yet</p>
        ) : (
          <ul aria-label="Recent activity" className="divide-y text-sm">
            {activity.data.map((entry) => (
              <EntryLine key={entry.id} entry={entry} canWrite={canWrite} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
