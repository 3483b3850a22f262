import type { ReactNode } from 'react'
import { Navigate } from 'react-router-dom'
import { isAdmin, useSession } from '@/lib/session'

/**
 * A screen only admins may open (docs/PRODUCT.md §6): the read-only `user`
 * role is sent to `fallback` instead. The route table marks such routes once;
 * the database refuses their writes anyway. It lives beside the router, not
 * under routes/admin, because the route table (and so the public page) loads it.
 */
export function AdminOnly({ fallback, children }: { fallback: string; children: ReactNode }) {
  if (!isAdmin(useSession())) return <Navigate to={fallback} replace />
  return children
}
