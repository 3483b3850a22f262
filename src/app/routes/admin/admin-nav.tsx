import {
  Archive,
  Award,
  Briefcase,
  GraduationCap,
  BarChart3,
  Code2,
  FolderKanban,
  IdCard,
  Languages,
  Palette,
  LayoutDashboard,
  Link2,
  PenLine,
  Mail,
  Settings,
  UserRound,
  Users,
  type LucideIcon,
} from 'lucide-react'
import { NavLink } from 'react-router-dom'
import { Badge } from '@/components/ui/badge'
import { paths } from '@/config/paths'
import { useUnreadMessageCount } from '@/lib/queries/messages'
import { cn } from '@/lib/utils'

interface NavItem {
  label: string
  to: string
  icon: LucideIcon
  adminOnly?: boolean
}

// docs/PRODUCT.md §2 "Admin layout", plus the contact inbox (our addition).
const items: NavItem[] = [
  { label: 'Dashboard', to: paths.admin.dashboard, icon: LayoutDashboard },
  { label: 'Projects', to: paths.admin.projects, icon: FolderKanban },
  { label: 'Technologies', to: paths.admin.technologies, icon: Code2 },
  { label: 'Certifications', to: paths.admin.certifications, icon: Award },
  { label: 'Experience', to: paths.admin.experience, icon: Briefcase },
  { label: 'Education', to: paths.admin.education, icon: GraduationCap },
  { label: 'Posts', to: paths.admin.posts, icon: PenLine },
  { label: 'Users', to: paths.admin.users, icon: Users, adminOnly: true },
  { label: 'Profile', to: paths.admin.profile, icon: IdCard },
  { label: 'Configurations', to: paths.admin.configurations, icon: Settings },
  { label: 'Languages', to: paths.admin.languages, icon: Languages },
  { label: 'Appearance', to: paths.admin.appearance, icon: Palette },
  { label: 'Messages', to: paths.admin.messages, icon: Mail },
  { label: 'Visitors', to: paths.admin.visitors, icon: BarChart3 },
  { label: 'Share links', to: paths.admin.shareLinks, icon: Link2 },
  { label: 'Backup', to: paths.admin.backup, icon: Archive, adminOnly: true },
  { label: 'Account', to: paths.admin.account, icon: UserRound },
]

/** The sidebar links; NavLink marks the current entry with aria-current="page". */
export function AdminNav({ isAdmin, onNavigate }: { isAdmin: boolean; onNavigate?: () => void }) {
  const unread = useUnreadMessageCount()
  return (
    <nav aria-label="Admin">
      <ul className="grid gap-1">
        {items
          .filter((item) => isAdmin || !item.adminOnly)
          .map(({ label, to, icon: Icon }) => (
            <li key={to}>
              <NavLink
                to={to}
                onClick={onNavigate}
                className={({ isActive }) =>
                  cn(
                    'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-ring',
                    // Text in foreground, icon in pink: pink text on the pink tint missed 4.5:1 in light mode (axe, e2e).
                    isActive && 'bg-primary/10 font-semibold text-foreground [&>svg]:text-primary',
                  )
                }
              >
                <Icon aria-hidden="true" className="size-4" />
                <span>{label}</span>
                {/* The name comes from what is shown, "Messages 2", plus " unread" for screen
                    readers: "Messages 2 unread" holds the visible text (WCAG 2.5.3, label in name). */}
                {to === paths.admin.messages && unread ? (
                  <>
                    {' '}
                    <Badge className="ml-auto">
                      {unread} <span className="sr-only">unread</span>
                    </Badge>
                  </>
                ) : null}
              </NavLink>
            </li>
          ))}
      </ul>
    </nav>
  )
}
