// A resource's reads as the owner sees them: its list, and one record with the
// version an edit form sends back when it saves (If-Match). One query key per
// request (keys.ts), shared by every screen that shows them, so a write
// anywhere refreshes them everywhere (docs/ARCHITECTURE.md, "Where code lives").
// Back office only: the public page's chunk carries none of it.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
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

/**
 * `T` is a record, `Row` a row of the list (a post's card, say). `listFailure`,
 * when given, is logged if the list cannot be loaded (docs/PRODUCT.md §8).
 */
export function ownerReads<T, Row = T>(resource: WritableResource, listFailure?: string) {
  const keys = ownerKeys(resource)
  const getList = async (signal: AbortSignal) => {
    try {
      return await api.get<Row[]>(`/${resource}`, { signal })
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
        api.getVersioned<T>(`/${resource}/${encodeURIComponent(id)}`, { signal }),
    })
  return {
    listOptions,
    recordOptions,
    // The hooks the screens read with.
    useList: () => useQuery(listOptions()),
    useRecord: (id: Id) => useQuery(recordOptions(id)),
  }
}
