import { EditPage } from '@/components/edit-page'
import { paths } from '@/config/paths'
import { useTechnology } from '@/lib/queries/technologies'
import { TechnologyForm } from '../components/technology-form'

/** Edit Technology (docs/PRODUCT.md §2.8). Admins only (the route table sends the `user` role back). */
export default function TechnologyEditRoute() {
  return (
    <EditPage
      title="Edit Technology"
      loadingLabel="Loading technology"
      loadFailed="Could not load technology. Please try again."
      listPath={paths.admin.technologies}
      useRecord={useTechnology}
    >
      {(record, edit) => <TechnologyForm technology={record} edit={edit} />}
    </EditPage>
  )
}
