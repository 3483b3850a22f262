// Reads of /experiences and /education (docs/PRODUCT.md §18; owner-reads.ts).
import type { Education, Experience } from '@shared/contract/types.ts'
import { ownerReads } from './owner-reads'

/** The two resources of the developer's story, by their path. */
export type StoryKind = 'experiences' | 'education'
export interface StoryItem {
  experiences: Experience
  education: Education
}

const reads: { [K in StoryKind]: ReturnType<typeof ownerReads<K>> } = {
  experiences: ownerReads('experiences'),
  education: ownerReads('education'),
}

export const storyListQueryOptions = <K extends StoryKind>(kind: K) => reads[kind].listOptions()
export const useStoryList = <K extends StoryKind>(kind: K) => reads[kind].useList()
export const useStoryItem = <K extends StoryKind>(kind: K, id: string) => reads[kind].useRecord(id)
