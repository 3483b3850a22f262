// A draft's preview links (docs/PRODUCT.md §26): made one at a time, each
// shown once (only its hash is kept), revoked all together. No read shows
// them, so nothing is invalidated.
import { useMutation } from '@tanstack/react-query'
import type { PreviewLink } from '@shared/contract/types.ts'
import { api } from '@/lib/api-client'

const linksOf = (postId: number) => `/posts/${postId}/preview-links`

export const useCreatePreviewLink = (postId: number) =>
  useMutation({ mutationFn: () => api.post<PreviewLink>(linksOf(postId), {}) })

export const useRevokePreviewLinks = (postId: number) =>
  useMutation({ mutationFn: () => api.delete(linksOf(postId)) })
