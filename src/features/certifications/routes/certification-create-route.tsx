import { createScreen } from '@/components/screen'
import { CertificationForm } from '../components/certification-form'

/** New certification (docs/PRODUCT.md §2). Admins only (the route table sends the `user` role back). */
export default createScreen('Add New Certification', CertificationForm)
