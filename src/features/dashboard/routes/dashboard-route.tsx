import { Plus, Users } from 'lucide-react'
import { Link } from 'react-router-dom'
import { SiteCvScriptsNotice } from '@/components/cv-scripts-notice'
import { Button } from '@/components/ui/button'
import { paths } from '@/config/paths'
import { isAdmin, useSession } from '@/lib/session'
import {
  useDashboardProjects,
  useDashboardTechnologies,
  useDashboardUsers,
} from '../api/get-dashboard-data'
import { DemoContentCard } from '../components/demo-content-card'
import { FirstStepsCard } from '../components/first-steps-card'
import { HealthCard } from '../components/health-card'
import { PublishCard } from '../components/publish-card'
import { RecentActivity } from '../components/recent-activity'
import { ShareLinksCard } from '../components/share-links-card'
import { StatCard } from '../components/stat-card'
import { VisitorsCard } from '../components/visitors-card'
import { percentOf } from '../lib/percent'

export default function DashboardRoute() {
  const canWrite = isAdmin(useSession())
  const projects = useDashboardProjects()
  const technologies = useDashboardTechnologies()
  const users = useDashboardUsers()

  const total = projects.data?.length ?? 0
  const active = projects.data?.filter((project) => project.isActive).length ?? 0

  return (
    <div className="grid gap-8">
      <h1 className="text-2xl font-bold">Dashboard</h1>
      <SiteCvScriptsNotice />
      {canWrite ? <FirstStepsCard /> : null}
      <DemoContentCard canWrite={canWrite} />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          title="Total Projects"
          value={total}
          loading={projects.isPending}
          failed={projects.isError}
          action={{ label: 'Manage Projects', to: paths.admin.projects }}
        />
        <StatCard
          title="Active Projects"
          value={active}
          detail={`${percentOf(active, total)}% of total`}
          loading={projects.isPending}
          failed={projects.isError}
          action={{ label: 'Manage Projects', to: paths.admin.projects }}
        />
        <StatCard
          title="Technologies Used"
          value={technologies.data?.length}
          loading={technologies.isPending}
          failed={technologies.isError}
          action={{ label: 'Manage Technologies', to: paths.admin.technologies }}
        />
        <StatCard
          title="Admin Users"
          value={users.data?.length}
          loading={users.isPending}
          failed={users.isError}
          action={canWrite ? { label: 'Manage Users', to: paths.admin.users } : undefined}
        />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <HealthCard canWrite={canWrite} />
        <RecentActivity canWrite={canWrite} />
        <PublishCard canWrite={canWrite} />
        <VisitorsCard />
        <ShareLinksCard canWrite={canWrite} />
      </div>
      {canWrite ? (
        <section aria-labelledby="quick-actions" className="grid gap-3">
          <h2 id="quick-actions" className="text-lg font-semibold">
            Quick Actions
          </h2>
          <div className="flex flex-wrap gap-3">
            <Button asChild>
              <Link to={paths.admin.newProject}>
                <Plus aria-hidden="true" /> Add New Project
              </Link>
            </Button>
            <Button variant="secondary" asChild>
              <Link to={paths.admin.newTechnology}>
                <Plus aria-hidden="true" /> Add New Technology
              </Link>
            </Button>
            <Button variant="outline" asChild>
              <Link to={paths.admin.users}>
                <Users aria-hidden="true" /> Manage Users
              </Link>
            </Button>
          </div>
        </section>
      ) : null}
    </div>
  )
}
