import { Badge } from '@/components/ui/badge'

/** Active or Inactive, as the projects and certifications tables show isActive (docs/PRODUCT.md §2.7, §2.9). */
export function StatusBadge({ active }: { active: boolean }) {
  return <Badge variant={active ? 'default' : 'muted'}>{active ? 'Active' : 'Inactive'}</Badge>
}
