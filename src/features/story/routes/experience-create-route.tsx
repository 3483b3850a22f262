import { StoryCreateRoute } from './story-routes'

/** Admins only (the route table sends the `user` role back). */
export default function Route() {
  return <StoryCreateRoute kind="experiences" />
}
