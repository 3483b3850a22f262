import { clsx, type ClassValue } from 'clsx'
import { mergeClasses } from '@/lib/class-merge'

/** Joins class names; a later Tailwind class overrides an earlier one of the same kind. */
export function cn(...inputs: ClassValue[]) {
  return mergeClasses(clsx(inputs))
}
