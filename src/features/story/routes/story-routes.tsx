// The back office's experience and education screens (docs/PRODUCT.md §18):
// list (read-only for `user` accounts), create and edit, as for certifications.
import type { Education, Experience } from '@shared/contract/types.ts'
import type { UseQueryResult } from '@tanstack/react-query'
import { EditPage } from '@/components/edit-page'
import { createScreen, noLists } from '@/components/screen'
import { useTechnologyList } from '@/components/technology-picker'
import { ResourceList, type ResourceListDescription } from '@/components/resource-list'
import { formatMonthRange } from '@/lib/format'
import { useStoryItem, useStoryList, type StoryKind } from '@/lib/queries/story'
import { ResumeImport } from '../components/resume-import'
import { StoryForm } from '../components/story-form'
import { storyConfig } from '../lib/story-config'

type Item = Experience | Education

export function StoryListRoute({ kind }: { kind: StoryKind }) {
  const config = storyConfig[kind]
  const description: ResourceListDescription<Item> = {
    resource: kind,
    one: config.one,
    title: config.title,
    addLabel: `Add New ${config.One}`,
    addTo: config.newPath,
    empty: config.empty,
    nameHeader: config.One,
    name: config.name,
    columns: [
      { header: config.detailLabel, cell: config.detail },
      {
        header: 'Dates',
        cell: (item) => formatMonthRange(item.startDate, item.endDate),
        className: 'whitespace-nowrap',
      },
    ],
    editPath: config.editPath,
    confirm: {
      title: `Delete ${config.one}`,
      description: (item) => `Are you sure you want to delete "${config.name(item)}"?`,
    },
    useList: () => useStoryList(kind) as UseQueryResult<Item[]>,
    // A résumé brings experience and more in at once (docs/PRODUCT.md §20).
    footer: kind === 'experiences' ? <ResumeImport /> : undefined,
  }
  return <ResourceList key={kind} description={description} />
}

/** The lists a kind's form picks from: technologies for experience, none for education. */
const storyLists = (kind: StoryKind) =>
  storyConfig[kind].technologies ? useTechnologyList : noLists

export const storyCreateScreen = (kind: StoryKind) =>
  createScreen(`Add New ${storyConfig[kind].One}`, () => <StoryForm kind={kind} />, {
    useLists: storyLists(kind),
    loading: `Loading the ${storyConfig[kind].one} form`,
  })

export function StoryEditRoute({ kind }: { kind: StoryKind }) {
  const config = storyConfig[kind]
  const useRecord = (id: string) => useStoryItem(kind, id)
  return (
    <EditPage<Item>
      title={`Edit ${config.One}`}
      one={config.one}
      loadFailed={`Failed to load ${config.one} details. Please try again.`}
      listPath={config.listPath}
      useRecord={useRecord}
      useLists={storyLists(kind)}
    >
      {(record, edit) => <StoryForm kind={kind} item={record} edit={edit} />}
    </EditPage>
  )
}
