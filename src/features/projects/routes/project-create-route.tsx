import { createScreen } from '@/components/screen'
import { ProjectForm } from '../components/project-form'

/** New project (docs/PRODUCT.md §2). Admins only (the route table sends the `user` role back). */
export default createScreen('Add New Project', ProjectForm)
