import { createScreen } from '@/components/screen'
import { useTechnologyList } from '@/components/technology-picker'
import { ProjectForm } from '../components/project-form'

/** New project (docs/PRODUCT.md §2). Admins only (the route table sends the `user` role back). */
export default createScreen('Add New Project', ProjectForm, {
  useLists: useTechnologyList,
  loading: 'Loading the project form',
})
