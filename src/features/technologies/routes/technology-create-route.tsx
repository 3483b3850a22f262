import { createScreen } from '@/components/screen'
import { TechnologyForm } from '../components/technology-form'

/** New technology (docs/PRODUCT.md §2). Admins only (the route table sends the `user` role back). */
export default createScreen('Add New Technology', TechnologyForm)
