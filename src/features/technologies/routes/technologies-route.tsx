import { ResourceList, type ResourceListDescription } from '@/components/resource-list'
import { paths } from '@/config/paths'
import type { OwnerRow } from '@/lib/queries/owner-reads'
import { useTechnologies } from '@/lib/queries/technologies'
import { IconImage } from '../components/icon-image'
import { deleteConsequence, formatProjectCount } from '../lib/common-technologies'

/** Technologies list (docs/PRODUCT.md §2). A failed delete is only logged (docs/PRODUCT.md §8). */
const technologies: ResourceListDescription<OwnerRow<'technologies'>> = {
  resource: 'technologies',
  one: 'technology',
  title: 'Technologies',
  addLabel: 'Add New Technology',
  addTo: paths.admin.newTechnology,
  empty: 'No technologies found. Create your first technology!',
  loadFailed: 'Could not load technologies.',
  name: (tech) => tech.name,
  columns: [
    {
      header: 'Icon',
      cell: (tech) => <IconImage key={tech.icon ?? ''} src={tech.icon} alt={tech.name} />,
    },
    { header: 'Projects', cell: (tech) => formatProjectCount(tech.projects?.length ?? 0) },
  ],
  editPath: paths.admin.editTechnology,
  confirm: {
    title: 'Delete technology',
    // The spec's question, then how many projects lose the technology (signed in, inactive ones count too).
    description: (technology) => (
      <>
        <span>Are you sure you want to delete this technology?</span>{' '}
        <span>{deleteConsequence(technology.projects?.length ?? 0)}</span>
      </>
    ),
  },
  useList: useTechnologies,
}

export default function TechnologiesRoute() {
  return <ResourceList description={technologies} />
}
