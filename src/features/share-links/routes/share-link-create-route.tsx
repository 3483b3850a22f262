import { useState } from 'react'
import type { CreatedShareLink } from '@shared/contract/types.ts'
import { CreatedLink } from '../components/created-link'
import { ShareLinkForm } from '../components/share-link-form'

/**
 * New share link (docs/PRODUCT.md §24): the form, then the link's address,
 * which is shown this once. Admins only (the route table sends the `user` role back).
 */
export default function ShareLinkCreateRoute() {
  const [created, setCreated] = useState<CreatedShareLink | null>(null)
  return (
    <section className="grid gap-6">
      <h1 className="text-2xl font-bold">New share link</h1>
      {created ? (
        <CreatedLink link={created} onAnother={() => setCreated(null)} />
      ) : (
        <ShareLinkForm onCreated={setCreated} />
      )}
    </section>
  )
}
