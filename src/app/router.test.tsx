import { waitFor } from '@testing-library/react'
import type { RouteObject } from 'react-router-dom'
import { afterEach, describe, expect, test } from 'vitest'
import { paths } from '@/config/paths'
import { ADMIN_SCREENS } from '@/app/router'
import { adminRoutes } from '@/app/routes/admin/admin-routes'
import { clearSession } from '@/lib/session'
import { connectToRealApi, renderApp, signInAsAdmin, signInAsReader } from '@test-support/real-api'

connectToRealApi()
afterEach(() => clearSession())

const { admin } = paths
// The screens that write: where the read-only role is sent instead, and the
// heading an admin sees there (shown before an edit screen loads its record).
const adminOnly: [path: string, fallback: string, heading: string][] = [
  [admin.newProject, admin.projects, 'Add New Project'],
  [admin.editProject(1), admin.projects, 'Edit Project'],
  [admin.newTechnology, admin.technologies, 'Add New Technology'],
  [admin.editTechnology(1), admin.technologies, 'Edit Technology'],
  [admin.newCertification, admin.certifications, 'Add New Certification'],
  [admin.editCertification(1), admin.certifications, 'Edit Certification'],
  [admin.newExperience, admin.experience, 'Add New Experience'],
  [admin.editExperience(1), admin.experience, 'Edit Experience'],
  [admin.newEducation, admin.education, 'Add New Education'],
  [admin.users, admin.dashboard, 'Users'],
]

// The first test of each kind loads the back office's route chunk and the
// screen's, compiled on first use by the test runner: seconds on a busy machine.
const FIRST_LOAD = 20_000

describe('the route table marks the admin-only screens once', () => {
  test.each(adminOnly)(
    'a read-only user opening %s lands on %s',
    async (path, fallback) => {
      signInAsReader()
      const { router } = await renderApp(path)
      await waitFor(() => expect(router.state.location.pathname).toBe(fallback), {
        timeout: FIRST_LOAD,
      })
    },
    FIRST_LOAD,
  )

  test.each(adminOnly)(
    'an admin opening %s sees it',
    async (path, _fallback, heading) => {
      signInAsAdmin()
      const { findByRole } = await renderApp(path)
      expect(
        await findByRole('heading', { level: 1, name: heading }, { timeout: FIRST_LOAD }),
      ).toBeVisible()
    },
    FIRST_LOAD,
  )
})

test("the site's router sends every address of the back office's table to it, and no other", () => {
  const addresses = (routes: RouteObject[]): string[] =>
    routes.flatMap((route) => [
      ...(route.path ? [route.path] : []),
      ...addresses(route.children ?? []),
    ])
  expect([...ADMIN_SCREENS].sort()).toEqual(addresses(adminRoutes).sort())
})
