import { editScreen } from '@/components/edit-page'
import { Alert } from '@/components/ui/alert'
import { paths } from '@/config/paths'
import { useShareLink } from '@/lib/queries/share-links'
import { ShareLinkForm } from '../components/share-link-form'

/**
 * Edit a share link (docs/PRODUCT.md §24), saved with If-Match. A revoked link
 * cannot change: the API answers 409, so the form is not offered. Admins only.
 */
export default editScreen({
  title: 'Edit share link',
  one: 'share link',
  loadFailed: 'Failed to load share link details. Please try again.',
  listPath: paths.admin.shareLinks,
  useRecord: useShareLink,
  children: (link, edit) =>
    link.state === 'revoked' ? (
      <Alert variant="destructive" role="status">
        This link was revoked: it cannot be changed. Create a new link instead.
      </Alert>
    ) : (
      <ShareLinkForm link={link} edit={edit} />
    ),
})
