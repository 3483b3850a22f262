/** The home page's sections as the owner calls them (GET /appearance/options names them by id). */
const NAMES: Record<string, string> = {
  featured: 'Featured projects',
  experience: 'Experience',
  education: 'Education',
  certifications: 'Certifications',
  skills: 'Skills',
  portfolio: 'Portfolio',
  writing: 'Writing',
  opensource: 'Open source',
  contact: 'Contact',
}

export const sectionName = (id: string) => NAMES[id] ?? id.charAt(0).toUpperCase() + id.slice(1)
