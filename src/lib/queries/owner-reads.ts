// A resource's reads as the owner sees them: its list, and one record with the
// version an edit form sends back when it saves (If-Match). One query key per
// request (keys.ts), shared by every screen that shows them, so a write
// anywhere refreshes them everywhere (docs/ARCHITECTURE.md, "Where code lives").
// Back office only: the public page's chunk carries none of it.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, type ApiAnswer, type ApiPath, type Versioned } from '@/lib/api-client'
import { contentKeys, isPrivate, privateKeys, type WritableResource } from './keys'

type Id = string | number

/** The owner's list of a resource and its records: what the back office reads, and a delete takes out. */
export const ownerKeys = (resource: WritableResource) =>
  isPrivate(resource)
    ? { list: privateKeys.list(resource), detail: (id: Id) => privateKeys.detail(resource, id) }
    : {
        list: contentKeys.list(resource, 'owner'),
        detail: (id: Id) => contentKeys.detail(resource, id),
      }

/** The resources the back office lists: GET /<resource> (and reads one by one, GET /<resource>/{id}, where declared). */
export type ListedResource = {
  [R in WritableResource]: `/${R}` extends ApiPath<'GET'> ? R : never
}[WritableResource]

/** A row of the owner's list of `R`, as GET /<R> declares it (a post's card, say). */
export type OwnerRow<R extends ListedResource> =
  ApiAnswer<'GET', `/${R}`> extends (infer Row)[] ? Row : never
/** One record of `R`, as GET /<R>/{id} declares it. */
export type OwnerRecord<R extends ListedResource> = ApiAnswer<'GET', `/${R}/{id}`>

/**
 * The owner's reads of `resource`, typed by its declarations. `listFailure`,
 * when given, is logged if the list cannot be loaded (docs/PRODUCT.md §8).
 */
export function ownerReads<R extends ListedResource>(resource: R, listFailure?: string) {
  const keys = ownerKeys(resource)
  // The paths are made of `resource`, which the compiler cannot match to a
  // declaration while it is a type parameter: the answers are typed above.
  const list = `/${resource}` as `/${ListedResource}`
  const record = `/${resource}/{id}` as ApiPath<'GET'> & `/${ListedResource}/{id}`
  const getList = async (signal: AbortSignal) => {
    try {
      return (await api.get(list, { signal })) as OwnerRow<R>[]
    } catch (error) {
      // A cancelled load is no failure.
      if (listFailure && !signal.aborted) console.error(listFailure, error)
      throw error
    }
  }
  const listOptions = () =>
    queryOptions({ queryKey: keys.list, queryFn: ({ signal }) => getList(signal) })
  const recordOptions = (id: Id) =>
    queryOptions({
      queryKey: keys.detail(id),
      queryFn: ({ signal }) =>
        api.getVersioned(record, { params: { id: Number(id) }, signal }) as Promise<
          Versioned<OwnerRecord<R>>
        >,
    })
  return {
    listOptions,
    recordOptions,
    // The hooks the screens read with.
    useList: () => useQuery(listOptions()),
    useRecord: (id: Id) => useQuery(recordOptions(id)),
  }
}
