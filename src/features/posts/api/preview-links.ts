// A draft's preview links (docs/PRODUCT.md §26): made one at a time, each
// shown once (only its hash is kept), revoked all together. No read shows
// them, so nothing is invalidated.
import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

const links = '/posts/{id}/preview-links'

export const useCreatePreviewLink = (postId: number) =>
  useMutation({ mutationFn: () => api.post(links, {}, { params: { id: postId } }) })

export const useRevokePreviewLinks = (postId: number) =>
  useMutation({ mutationFn: () => api.delete(links, undefined, { params: { id: postId } }) })
