import type { PostCard } from '@shared/contract/types.ts'
import { Badge } from '@/components/ui/badge'
import { formatMoment } from '../lib/post-form-values'

const LABELS = { draft: 'Draft', scheduled: 'Scheduled', published: 'Published' } as const

/** A post's status as the owner reads it; a scheduled one says when it publishes. */
export function PostStatus({ post }: { post: Pick<PostCard, 'status' | 'publishAt'> }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Badge
        variant={
          post.status === 'published'
            ? 'default'
            : post.status === 'scheduled'
              ? 'secondary'
              : 'muted'
        }
      >
        {LABELS[post.status]}
      </Badge>
      {post.status === 'scheduled' && post.publishAt ? (
        <span className="text-xs text-muted-foreground">
          Publishes {formatMoment(post.publishAt)}
        </span>
      ) : null}
    </span>
  )
}
