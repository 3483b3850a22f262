import { editScreen } from '@/components/edit-page'
import { paths } from '@/config/paths'
import { useTechnology } from '@/lib/queries/technologies'
import { TechnologyForm } from '../components/technology-form'

/** Edit Technology (docs/PRODUCT.md §2.8). Admins only (the route table sends the `user` role back). */
export default editScreen({
  title: 'Edit Technology',
  one: 'technology',
  loadFailed: 'Could not load technology. Please try again.',
  listPath: paths.admin.technologies,
  useRecord: useTechnology,
  children: (record, edit) => <TechnologyForm technology={record} edit={edit} />,
})
