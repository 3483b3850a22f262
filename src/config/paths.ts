// Every route of the SPA (spec section 2), in one place.
export const paths = {
  home: '/',
  admin: {
    root: '/admin',
    login: '/admin/login',
    register: '/admin/register',
    dashboard: '/admin/dashboard',
    projects: '/admin/projects',
    newProject: '/admin/projects/new',
    editProject: (id: number | string) => `/admin/projects/edit/${id}`,
    technologies: '/admin/technologies',
    newTechnology: '/admin/technologies/new',
    editTechnology: (id: number | string) => `/admin/technologies/edit/${id}`,
    certifications: '/admin/certifications',
    newCertification: '/admin/certifications/new',
    editCertification: (id: number | string) => `/admin/certifications/edit/${id}`,
    configurations: '/admin/configurations',
    users: '/admin/users',
    messages: '/admin/messages',
    backup: '/admin/backup',
  },
} as const
