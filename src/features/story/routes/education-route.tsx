import { StoryListRoute } from './story-routes'

export default function Route() {
  return <StoryListRoute kind="education" />
}
