import { useQuery } from '@tanstack/react-query'
import { certificationsQueryOptions } from '@/lib/queries/certifications'

export const useCertifications = () => useQuery(certificationsQueryOptions())
