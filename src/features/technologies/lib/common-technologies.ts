// The technology form's quick-select (docs/PRODUCT.md §2): choosing one fills the
// name and icon URL. Icons we ship live in public/icons; the rest point at the
// devicon set on jsDelivr.
export interface CommonTechnology {
  label: string
  name: string
  icon: string
}

const devicon = (slug: string, variant = 'original') =>
  `https://cdn.jsdelivr.net/gh/devicons/devicon/icons/${slug}/${slug}-${variant}.svg`

const local = (slug: string) => `/icons/${slug}.svg`

const entries: CommonTechnology[] = [
  { label: 'React', name: 'React', icon: local('react') },
  { label: 'TypeScript', name: 'TypeScript', icon: local('typescript') },
  { label: 'Node.js', name: 'Node.js', icon: local('nodejs') },
  { label: 'PostgreSQL', name: 'PostgreSQL', icon: local('postgresql') },
  { label: 'Docker', name: 'Docker', icon: local('docker') },
  { label: 'Python', name: 'Python', icon: local('python') },
  { label: 'Go', name: 'Go', icon: local('go') },
  { label: 'GraphQL', name: 'GraphQL', icon: local('graphql') },
  { label: 'Next.js', name: 'Next.js', icon: local('nextjs') },
  { label: 'Supabase', name: 'Supabase', icon: local('supabase') },
  { label: 'Tailwind CSS', name: 'Tailwind CSS', icon: local('tailwindcss') },
  { label: 'AWS', name: 'AWS', icon: local('aws') },
  { label: 'JavaScript', name: 'JavaScript', icon: devicon('javascript') },
  { label: 'HTML5', name: 'HTML5', icon: devicon('html5') },
  { label: 'CSS3', name: 'CSS3', icon: devicon('css3') },
  { label: 'Vue.js', name: 'Vue.js', icon: devicon('vuejs') },
  { label: 'Angular', name: 'Angular', icon: devicon('angularjs') },
  { label: 'Java', name: 'Java', icon: devicon('java') },
  { label: 'MongoDB', name: 'MongoDB', icon: devicon('mongodb') },
  { label: 'MySQL', name: 'MySQL', icon: devicon('mysql') },
  { label: 'Redis', name: 'Redis', icon: devicon('redis') },
  { label: 'Git', name: 'Git', icon: devicon('git') },
]

/** Sorted by label, case-insensitively, as the spec asks. */
export const commonTechnologies: readonly CommonTechnology[] = [...entries].sort((a, b) =>
  a.label.localeCompare(b.label, 'en', { sensitivity: 'base' }),
)

export const findCommonTechnology = (label: string) =>
  commonTechnologies.find((tech) => tech.label === label)

/**
 * What deleting a technology does to the projects that use it (docs/PRODUCT.md §11,
 * item 14): the link goes, silently otherwise.
 */
export const deleteConsequence = (count: number) =>
  count === 0
    ? 'No project uses it.'
    : `It is used by ${formatProjectCount(count)}, which will no longer list it.`

/** '1 project', '3 projects', '0 projects' (docs/PRODUCT.md §2). */
export const formatProjectCount = (count: number) =>
  `${count} ${count === 1 ? 'project' : 'projects'}`
