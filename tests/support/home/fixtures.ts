// Data shaped like the REST contract's answers, for component tests.
import type {
  Certification,
  Education,
  Experience,
  Project,
  Technology,
  TechnologyRef,
} from '@shared/contract/types.ts'
import { renderMarkdown } from '@shared/markdown/render.ts'

export const react: TechnologyRef = { id: 1, name: 'React', icon: '/icons/react.svg' }
export const node: TechnologyRef = { id: 2, name: 'Node.js', icon: null }
export const python: TechnologyRef = { id: 3, name: 'Python', icon: null }

export function project(overrides: Partial<Project> & Pick<Project, 'id' | 'name'>): Project {
  const description = overrides.description ?? `About ${overrides.name}`
  return {
    description,
    // What the server answers beside it (docs/PRODUCT.md §26).
    descriptionHtml: renderMarkdown(description),
    startYear: 2022,
    endYear: 2023,
    liveUrl: null,
    githubUrl: null,
    isActive: true,
    featured: false,
    featuredOrder: null,
    thumbnail: null,
    images: [],
    imageDetails: [],
    technologies: [],
    github: null,
    createdAt: '2024-01-01T00:00:00Z',
    updatedAt: '2024-01-01T00:00:00Z',
    ...overrides,
  }
}

// In the order the server answers them (docs/PRODUCT.md §9: newest start year first).
export const projects: Project[] = [
  project({
    id: 2,
    name: 'Lumen',
    startYear: 2024,
    endYear: null,
    technologies: [react],
    liveUrl: 'https://lumen.example.com',
  }),
  project({ id: 1, name: 'Harbor', startYear: 2022, endYear: 2023, technologies: [react, node] }),
  project({ id: 3, name: 'Atlas', startYear: 2019, endYear: 2020, technologies: [node] }),
]

/** A skill nothing backs yet (docs/PRODUCT.md §19). */
export const noEvidence: Technology['evidence'] = {
  projectCount: 0,
  experienceCount: 0,
  certificationCount: 0,
  postCount: 0,
  firstYear: null,
  lastYear: null,
  projects: [],
  posts: [],
}

export const technologies: Technology[] = [
  {
    id: 1,
    name: 'React',
    icon: '/icons/react.svg',
    projects: [
      { id: 2, name: 'Lumen' },
      { id: 1, name: 'Harbor' },
    ],
    evidence: {
      ...noEvidence,
      projectCount: 2,
      experienceCount: 1,
      firstYear: 2021,
      lastYear: 2025,
    },
  },
  {
    id: 2,
    name: 'Node.js',
    icon: null,
    projects: [
      { id: 1, name: 'Harbor' },
      { id: 3, name: 'Atlas' },
    ],
    evidence: {
      ...noEvidence,
      projectCount: 2,
      certificationCount: 1,
      postCount: 0,
      firstYear: 2019,
      lastYear: 2023,
    },
  },
  // Used by no active project: a skill tile, but no filter chip.
  { id: 3, name: 'Python', icon: null, projects: [], evidence: noEvidence },
]

export const certifications: Certification[] = [
  {
    id: 1,
    name: 'AWS Developer',
    icon: '/icons/cert-aws-developer.svg',
    obtainedDate: '2023-05-01',
    isActive: true,
    technologies: [{ id: 2, name: 'Node.js' }],
  },
  { id: 2, name: 'CKAD', icon: '☸️', obtainedDate: '2024-03-01', isActive: true, technologies: [] },
]

export const experiences: Experience[] = [
  {
    id: 1,
    organization: 'Acme',
    role: 'Lead Engineer',
    location: 'Lyon',
    startDate: '2021-04',
    endDate: null,
    description: 'Leads the web team.',
    descriptionHtml: renderMarkdown('Leads the web team.'),
    url: null,
    technologies: [{ id: 1, name: 'React' }],
  },
]

export const education: Education[] = [
  {
    id: 1,
    institution: 'University of Lyon',
    qualification: 'MSc',
    field: 'Computer Science',
    startDate: '2015-09',
    endDate: '2017-06',
    description: '',
    descriptionHtml: '',
    url: null,
  },
]

export const configs: Record<string, string> = {
  heroTitle1: 'BACKEND',
  email: 'owner@example.com',
  linkedinUrl: 'https://www.linkedin.com/in/owner',
  githubUrl: 'https://github.com/owner',
  siteTitle: 'Owner — Developer',
  siteDescription: 'Portfolio of the owner.',
  ownerName: 'Ada Owner',
}
