// Any unknown route (docs/PRODUCT.md §2.2).
import { NotFoundPage } from '@/components/not-found-page'

export default function NotFoundRoute() {
  return <NotFoundPage />
}
