// /certifications: the five calls of a certification.
import { crudApi } from '../../content-table.ts'
import { certifications } from './repository.ts'

export const certificationApi = crudApi(certifications, {
  tag: 'Certifications',
  base: '/certifications',
  one: 'Certification',
  many: 'Certifications',
})
