import { StoryEditRoute } from './story-routes'

/** Admins only (the route table sends the `user` role back). */
export default function Route() {
  return <StoryEditRoute kind="education" />
}
