import { storyCreateScreen } from './story-routes'

/** Admins only (the route table sends the `user` role back). */
export default storyCreateScreen('experiences')
