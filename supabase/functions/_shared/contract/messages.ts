// The spec's words and numbers (spec sections 5 and 9), free of any library so
// that the public page can use them without shipping zod; schemas.ts builds
// the zod schemas from them.

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const
export const MIN_YEAR = 1990
export const PASSWORD_MIN_LENGTH = 6

export const currentYear = () => new Date().getFullYear()

export const messages = {
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters long',
  confirmRequired: 'Please confirm your password',
  passwordsDiffer: 'Passwords do not match',
  projectNameRequired: 'Project name is required',
  descriptionRequired: 'Description is required',
  startYearRange: () => `Start year must be between ${MIN_YEAR} and ${currentYear()}`,
  endYearRange: () => `End year must be between ${MIN_YEAR} and ${currentYear() + 10}`,
  endBeforeStart: 'End year cannot be before start year',
  yearNotNumber: 'Year must be a whole number',
  technologyNameRequired: 'Technology name is required',
  certificationNameRequired: 'Certification name is required',
  iconRequired: 'Icon is required',
  dateRequired: 'Date is required',
  dateTooEarly: 'Date must be in 1970 or later',
  organizationRequired: 'Organization is required',
  roleRequired: 'Role is required',
  institutionRequired: 'Institution is required',
  qualificationRequired: 'Qualification is required',
  startMonthRequired: 'Start date is required',
  monthInvalid: 'Date must be a month as YYYY-MM',
  endBeforeStartMonth: 'End date cannot be before start date',
  invalidUrl: 'Please enter a valid http(s) URL',
  configNameRequired: 'Name is required',
  configNameInvalid: 'Name must start with a letter and use only letters, digits, _ . -',
  roleInvalid: 'Role must be admin or user',
  contactNameRequired: 'Name is required',
  contactEmailInvalid: 'Please enter a valid e-mail address',
  contactMessageRequired: 'Message is required',
  // Images (docs/PRODUCT.md §5): multi-upload and single-upload wordings.
  imageTypeMulti: (file: string) =>
    `${file} is not a valid image type. Please use JPEG, PNG, GIF, or WEBP.`,
  imageSizeMulti: (file: string) => `${file} exceeds the 5MB size limit.`,
  imageTypeSingle: 'Please select a valid image file (JPEG, PNG, GIF, or WEBP)',
  imageSizeSingle: 'Image size should be less than 5MB',
} as const

export interface ContactFields {
  name: string
  email: string
  message: string
}

/**
 * The contact form's rules, without zod: the public page checks with this and
 * the server with contactSchema (a test keeps the two in agreement).
 */
export function checkContact(values: ContactFields): Partial<Record<keyof ContactFields, string>> {
  const errors: Partial<Record<keyof ContactFields, string>> = {}
  const name = values.name.trim()
  const email = values.email.trim()
  const message = values.message.trim()
  if (!name) errors.name = messages.contactNameRequired
  else if (name.length > 100) errors.name = 'Must be at most 100 characters'
  if (
    email.length > 254 ||
    !/^[A-Za-z0-9_'+\-.]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/.test(email) ||
    email.includes('..')
  ) {
    errors.email = messages.contactEmailInvalid
  }
  if (!message) errors.message = messages.contactMessageRequired
  else if (message.length > 5000) errors.message = 'Must be at most 5000 characters'
  return errors
}
