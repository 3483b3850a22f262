// Marks an outbound link for the visit statistics (docs/PRODUCT.md §17): the
// beacon (visits.ts) counts a click on any element carrying these attributes.
// Plain attributes, the same on the server and in the browser, so server
// rendering and hydration see the same markup.
import type { VisitTarget } from '@shared/contract/schemas.ts'

export const visitTarget = (target: VisitTarget, projectId?: number) => ({
  'data-visit-target': target,
  ...(projectId === undefined ? {} : { 'data-visit-project': String(projectId) }),
})
