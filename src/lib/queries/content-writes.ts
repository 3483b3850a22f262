// Writes by id, one shape for every resource the back office writes (keys.ts):
// the portfolio's content (projects, technologies, certifications, configs,
// experiences, education), accounts and messages. Create, change with the
// version the form loaded (a newer one on the server answers 412:
// docs/decisions/009-optimistic-concurrency.md), and delete. Every write marks
// its root stale, all content for content, and the reads that show it (keys.ts).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { request, type ApiAnswer, type ApiBody, type ApiPath } from '@/lib/api-client'
import { invalidateAfterWrite, type WritableResource } from './keys'
import { ownerKeys } from './owner-reads'

/** The resources the back office creates: POST /<resource>. */
export type CreatedResource = {
  [R in WritableResource]: `/${R}` extends ApiPath<'POST'> ? R : never
}[WritableResource]

/** How a record of `R` is changed: accounts with PUT, as the spec has it (docs/PRODUCT.md §7); the rest with PATCH. */
type Change<R extends WritableResource> = R extends 'users' ? 'PUT' : 'PATCH'

/** The resources the back office changes by id. */
export type ChangedResource = {
  [R in WritableResource]: `/${R}/{id}` extends ApiPath<Change<R>> ? R : never
}[WritableResource]

/** The resources the back office deletes by id. */
export type DeletedResource = {
  [R in WritableResource]: `/${R}/{id}` extends ApiPath<'DELETE'> ? R : never
}[WritableResource]

/** What POST /<R> takes, and answers. */
export type CreateBody<R extends CreatedResource> = ApiBody<'POST', `/${R}`>
export type Created<R extends CreatedResource> = ApiAnswer<'POST', `/${R}`>
/** What a change of a record of `R` takes, and answers. */
export type ChangeBody<R extends ChangedResource> = ApiBody<Change<R>, `/${R}/{id}`>
export type Changed<R extends ChangedResource> = ApiAnswer<Change<R>, `/${R}/{id}`>

export interface ContentChange<P> {
  id: number | string
  payload: P
  /** The version the form loaded (ETag), sent as If-Match. */
  version?: string | null
}

export interface DeleteTarget {
  id: number
  /** The signed-in admin's own password: deleting an account takes it (docs/decisions/042). */
  currentPassword?: string
}

// Each write's path is made of `resource`, which the compiler cannot match to
// a declaration while it is a type parameter: the types above state what the
// declarations say of it (CreateBody, Created, ...), and `R` is one they declare.

export function useCreateContent<R extends CreatedResource>(resource: R) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (payload: CreateBody<R>) =>
      request<Created<R>>('POST', `/${resource}`, { body: payload }),
    onSuccess: () => invalidateAfterWrite(queryClient, resource),
  })
}

export function useUpdateContent<R extends ChangedResource>(resource: R) {
  const queryClient = useQueryClient()
  const method = resource === 'users' ? 'PUT' : 'PATCH'
  return useMutation({
    mutationFn: ({ id, payload, version }: ContentChange<ChangeBody<R>>) =>
      request<Changed<R>>(method, `/${resource}/${encodeURIComponent(String(id))}`, {
        body: payload,
        ifMatch: version,
      }),
    onSuccess: () => invalidateAfterWrite(queryClient, resource),
  })
}

/**
 * Deletes by id. On success the row leaves the owner's list at once, without a
 * refetch (docs/PRODUCT.md §2), and the rest is marked stale; a failure is
 * logged (docs/PRODUCT.md §8), as `Failed to delete <one>`.
 */
export function useDeleteContent(resource: DeletedResource, one: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, currentPassword }: DeleteTarget) =>
      request<void>('DELETE', `/${resource}/${id}`, {
        body: currentPassword === undefined ? undefined : { currentPassword },
      }),
    onSuccess: (_data, { id }) => {
      const keys = ownerKeys(resource)
      queryClient.setQueryData(keys.list, (rows: { id: number }[] | undefined) =>
        rows?.filter((row) => row.id !== id),
      )
      queryClient.removeQueries({ queryKey: keys.detail(id), exact: true })
      void invalidateAfterWrite(queryClient, resource, { refetch: false })
    },
    onError: (error) => console.error(`Failed to delete ${one}`, error),
  })
}
