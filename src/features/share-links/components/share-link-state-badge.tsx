import type { ShareLink } from '@shared/contract/types.ts'
import { Badge } from '@/components/ui/badge'
import { STATE_LABELS } from '../lib/share-link-format'

const VARIANTS = { active: 'default', expired: 'muted', revoked: 'outline' } as const

/** Active, Expired or Revoked (docs/PRODUCT.md §24), in words, never by colour alone. */
export function ShareLinkStateBadge({ state }: { state: ShareLink['state'] }) {
  return <Badge variant={VARIANTS[state]}>{STATE_LABELS[state]}</Badge>
}
