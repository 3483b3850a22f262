// The back office's experience and education screens (docs/PRODUCT.md §18):
// list (read-only for `user` accounts), create and edit, as for certifications.
import type { Education, Experience } from '@shared/contract/types.ts'
import { AdminListPage } from '@/components/admin-list-page'
import { EditPage } from '@/components/edit-page'
import { Spinner } from '@/components/ui/spinner'
import { useStoryItem, useStoryList, type StoryKind } from '@/lib/queries/story'
import { isAdmin, useSession } from '@/lib/session'
import { useDeleteStory } from '../api/story-writes'
import { ResumeImport } from '../components/resume-import'
import { StoryForm } from '../components/story-form'
import { StoryTable } from '../components/story-table'
import { storyConfig } from '../lib/story-config'

type Item = Experience | Education

export function StoryListRoute({ kind }: { kind: StoryKind }) {
  const config = storyConfig[kind]
  const canWrite = isAdmin(useSession())
  const list = useStoryList(kind)
  const remove = useDeleteStory(kind)
  return (
    <AdminListPage<Item>
      title={config.title}
      addLabel={`Add New ${config.One}`}
      addTo={config.newPath}
      canWrite={canWrite}
      confirm={{
        title: `Delete ${config.one}`,
        description: (item) => `Are you sure you want to delete "${config.name(item)}"?`,
      }}
      deleting={remove.isPending}
      onDelete={(item, done) => remove.mutate(item.id, { onSettled: (_d, error) => done(!error) })}
    >
      {(askDelete) => (
        <>
          {list.isPending ? (
            <Spinner label={`Loading ${config.title.toLowerCase()}`} />
          ) : (
            <StoryTable
              kind={kind}
              items={(list.data ?? []) as Item[]}
              canWrite={canWrite}
              onDelete={askDelete}
            />
          )}
          {/* A résumé brings experience and more in at once (docs/PRODUCT.md §20). */}
          {canWrite && kind === 'experiences' ? <ResumeImport /> : null}
        </>
      )}
    </AdminListPage>
  )
}

export function StoryCreateRoute({ kind }: { kind: StoryKind }) {
  return (
    <section className="grid gap-6">
      <h1 className="text-2xl font-bold">Add New {storyConfig[kind].One}</h1>
      <StoryForm kind={kind} />
    </section>
  )
}

export function StoryEditRoute({ kind }: { kind: StoryKind }) {
  const config = storyConfig[kind]
  const useRecord = (id: string) => useStoryItem(kind, id)
  return (
    <EditPage<Item>
      title={`Edit ${config.One}`}
      loadingLabel={`Loading ${config.one}`}
      loadFailed={`Failed to load ${config.one} details. Please try again.`}
      listPath={config.listPath}
      useRecord={useRecord}
    >
      {(record, edit) => <StoryForm kind={kind} item={record} edit={edit} />}
    </EditPage>
  )
}
