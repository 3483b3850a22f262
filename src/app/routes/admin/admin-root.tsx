// The admin area: the guard (docs/PRODUCT.md §6: no token -> /admin/login) and the
// shared layout (docs/PRODUCT.md §2 "Admin layout": 240 px sidebar, drawer on phones).
import { Menu } from 'lucide-react'
import { useState } from 'react'
import { Navigate, Outlet, useLocation } from 'react-router-dom'
import { Button } from '@/components/ui/button'
import { Sheet, SheetContent, SheetTitle, SheetTrigger } from '@/components/ui/sheet'
import { Toaster } from '@/components/ui/sonner'
import { paths } from '@/config/paths'
import { useSession, type Session } from '@/lib/session'
import { IdleWarning } from '@/features/account/components/idle-warning'
import { AdminSidebar } from './admin-sidebar'

function AdminLayout({ session }: { session: Session }) {
  const [menuOpen, setMenuOpen] = useState(false)
  return (
    <div className="min-h-screen bg-background text-foreground">
      {/* As tall as the window, and scrolls when the screens' links are taller:
          the last items (View Site, Logout, the theme) stay reachable. */}
      <aside
        aria-label="Admin sidebar"
        className="fixed inset-y-0 left-0 hidden w-60 overflow-y-auto overscroll-contain border-r bg-card px-3 py-6 lg:block"
      >
        <AdminSidebar session={session} />
      </aside>
      <header className="sticky top-0 z-40 flex items-center gap-3 border-b bg-card px-4 py-2 lg:hidden">
        <Sheet open={menuOpen} onOpenChange={setMenuOpen}>
          <SheetTrigger asChild>
            <Button variant="ghost" size="icon" aria-label="Open menu">
              <Menu aria-hidden="true" />
            </Button>
          </SheetTrigger>
          <SheetContent
            side="left"
            closeLabel="Close menu"
            className="w-60 overflow-y-auto overscroll-contain px-3"
          >
            <SheetTitle className="sr-only">Admin menu</SheetTitle>
            <AdminSidebar session={session} onNavigate={() => setMenuOpen(false)} />
          </SheetContent>
        </Sheet>
        <span className="font-bold text-primary">Vitrine Admin</span>
      </header>
      {/* Named: the Appearance screen frames the public page, whose own unnamed
          main would otherwise be a second landmark like this one (axe's
          landmark-unique looks across frames). */}
      <main aria-label="Back office" className="px-4 py-6 sm:px-6 lg:ml-60 lg:px-8">
        <Outlet />
      </main>
      <Toaster />
      <IdleWarning />
    </div>
  )
}

export default function AdminRoot() {
  const session = useSession()
  const location = useLocation()
  if (!session) return <Navigate to={paths.admin.login} state={{ from: location }} replace />
  return <AdminLayout session={session} />
}
