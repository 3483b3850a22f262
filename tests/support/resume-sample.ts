// A realistic JSON Resume (schema 1.x) for the import tests (docs/PRODUCT.md
// §20): the official sample holds no certificates, this one does.
export const resumeSample = {
  $schema: 'https://raw.githubusercontent.com/jsonresume/resume-schema/v1.0.0/schema.json',
  basics: {
    name: 'Sam Rivera',
    label: 'Backend Engineer',
    email: 'sam.rivera@example.com',
    profiles: [{ network: 'GitHub', username: 'samr', url: 'https://github.com/samr' }],
  },
  work: [
    {
      name: 'Northwind',
      position: 'Senior Engineer',
      location: 'Lisbon',
      url: 'https://northwind.example.com',
      startDate: '2021-03-01',
      summary: 'Runs the payments platform.',
      highlights: ['Cut p99 latency by half', 'Led the Postgres 15 upgrade'],
    },
    { name: 'Tailspin', position: 'Engineer', startDate: '2017-09', endDate: '2021-02' },
  ],
  education: [
    {
      institution: 'University of Porto',
      area: 'Computer Science',
      studyType: 'MSc',
      startDate: '2015-09',
      endDate: '2017-07',
    },
  ],
  skills: [
    { name: 'Go', level: 'Expert', keywords: ['gRPC'] },
    { name: 'PostgreSQL' },
    { name: 'Kubernetes' },
  ],
  certificates: [
    { name: 'CKA', date: '2022-05-10', issuer: 'CNCF', url: 'https://www.cncf.io/' },
    { name: 'AWS Solutions Architect', date: '2020-11' },
  ],
  projects: [
    {
      name: 'Ledger',
      description: 'A double-entry ledger service.',
      keywords: ['Go', 'postgresql'],
      startDate: '2022',
      endDate: '2023',
      url: 'https://ledger.example.com',
    },
  ],
}
