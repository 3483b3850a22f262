import { useQueryClient } from '@tanstack/react-query'
import { ExternalLink, LogOut } from 'lucide-react'
import { Link, useNavigate } from 'react-router-dom'
import { ThemeToggle } from '@/components/theme-toggle'
import { Button } from '@/components/ui/button'
import { paths } from '@/config/paths'
import { endServerSession } from '@/features/auth/api/logout'
import { clearSession, type Session } from '@/lib/session'
import { AdminNav } from './admin-nav'

/** Sidebar body, shared by the fixed desktop sidebar and the mobile drawer. */
export function AdminSidebar({
  session,
  onNavigate,
}: {
  session: Session
  onNavigate?: () => void
}) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()

  function logout() {
    // The server ends the session too, in the background (best effort).
    void endServerSession(session.token)
    // Spec: logout clears token and user and goes to the login page; the cache
    // goes too, so the next account never sees this one's data.
    clearSession()
    queryClient.clear()
    navigate(paths.admin.login, { replace: true })
  }

  return (
    // At least the sidebar's height, so the last items sit at its foot, and
    // taller when the links need it (the sidebar then scrolls).
    <div className="flex min-h-full flex-col gap-6">
      <div className="grid gap-1 px-3">
        <p className="text-lg font-bold text-primary">Vitrine Admin</p>
        <p className="text-sm">
          <span className="sr-only">Signed in as </span>
          <span className="font-medium">{session.user.username}</span>{' '}
          <span className="text-muted-foreground">({session.user.role})</span>
        </p>
      </div>
      <AdminNav isAdmin={session.user.role === 'admin'} onNavigate={onNavigate} />
      <div className="mt-auto grid gap-2 px-1">
        <Button variant="outline" asChild>
          <Link to={paths.home}>
            <ExternalLink aria-hidden="true" />
            View Site
          </Link>
        </Button>
        <div className="flex items-center gap-2">
          <Button variant="ghost" className="flex-1 justify-start" onClick={logout}>
            <LogOut aria-hidden="true" />
            Logout
          </Button>
          <ThemeToggle />
        </div>
      </div>
    </div>
  )
}
