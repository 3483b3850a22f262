import { editScreen } from '@/components/edit-page'
import { useTechnologyList } from '@/components/technology-picker'
import { paths } from '@/config/paths'
import { useCertification } from '@/lib/queries/certifications'
import { CertificationForm } from '../components/certification-form'

/** Edit Certification (docs/PRODUCT.md §2.9). Admins only (the route table sends the `user` role back). */
export default editScreen({
  title: 'Edit Certification',
  one: 'certification',
  loadFailed: 'Failed to load certification details. Please try again.',
  listPath: paths.admin.certifications,
  useRecord: useCertification,
  useLists: useTechnologyList,
  children: (record, edit) => <CertificationForm certification={record} edit={edit} />,
})
