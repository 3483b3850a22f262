import type { ComponentProps } from 'react'
import { Select } from '@/components/ui/select'

/** The account role: admin (default, docs/PRODUCT.md §9) or the read-only user. */
export function RoleSelect(props: ComponentProps<'select'>) {
  return (
    <Select {...props}>
      <option value="admin">admin</option>
      <option value="user">user</option>
    </Select>
  )
}
