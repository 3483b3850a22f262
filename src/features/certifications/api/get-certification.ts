import { useQuery } from '@tanstack/react-query'
import { certificationQueryOptions } from '@/lib/queries/certifications'

export const useCertification = (id: string) => useQuery(certificationQueryOptions(id))
