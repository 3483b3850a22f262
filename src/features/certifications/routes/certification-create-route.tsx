import { createScreen } from '@/components/screen'
import { useTechnologyList } from '@/components/technology-picker'
import { CertificationForm } from '../components/certification-form'

/** New certification (docs/PRODUCT.md §2). Admins only (the route table sends the `user` role back). */
export default createScreen('Add New Certification', CertificationForm, {
  useLists: useTechnologyList,
  loading: 'Loading the certification form',
})
