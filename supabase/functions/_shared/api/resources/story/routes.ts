// /experiences and /education: the five calls of each.
import { crudApi } from '../../content-table.ts'
import { education, experiences } from './repository.ts'

export const experienceApi = crudApi(experiences, {
  tag: 'Experience',
  base: '/experiences',
  one: 'Experience',
  many: 'Experiences',
})

export const educationApi = crudApi(education, {
  tag: 'Education',
  base: '/education',
  one: 'Education',
  many: 'Education',
})
