-- Demo portfolio of a fictional full-stack developer, so a fresh install shows a
-- complete public page at once. Data only: no accounts (the first admin is
-- created on /admin/register). Rows are linked by name, never by hard-coded id,
-- so the file applies on PGlite, on Postgres 15+ and with `supabase db reset`.
-- Images and icons are files in public/demo and public/icons.

insert into public.technologies (name, icon) values
  ('TypeScript', '/icons/typescript.svg'),
  ('React', '/icons/react.svg'),
  ('Node.js', '/icons/nodejs.svg'),
  ('PostgreSQL', '/icons/postgresql.svg'),
  ('Supabase', '/icons/supabase.svg'),
  ('Docker', '/icons/docker.svg'),
  ('Tailwind CSS', '/icons/tailwindcss.svg'),
  ('Next.js', '/icons/nextjs.svg'),
  ('GraphQL', '/icons/graphql.svg'),
  ('Python', '/icons/python.svg'),
  ('Go', '/icons/go.svg'),
  ('AWS', '/icons/aws.svg');

insert into public.projects
  (name, description, start_year, end_year, live_url, github_url, is_active, thumbnail, images)
values
  ('Harbor — Freight Tracking Platform',
   'Real-time shipment tracking for a mid-sized logistics company. Carriers push GPS pings through a typed REST API, '
   || 'dispatchers follow every container on a live map and customers get delay alerts before they have to ask. '
   || 'Replaced three spreadsheets and a fax machine; cut "where is my order?" calls by 60%.',
   2022, 2023, 'https://harbor.example.com', 'https://github.com/example/harbor', true,
   '/demo/harbor.svg', array['/demo/harbor.svg', '/demo/harbor-detail.svg']),

  ('Lumen Notes',
   'A fast, offline-first notes app with Markdown, backlinks and end-to-end encrypted sharing. '
   || 'Row-level security keeps every notebook private by default; collaborators see edits live. '
   || 'Still growing: currently building a plugin API.',
   2024, null, 'https://lumen-notes.example.com', 'https://github.com/example/lumen-notes', true,
   '/demo/lumen-notes.svg', array['/demo/lumen-notes.svg', '/demo/lumen-notes-detail.svg']),

  ('Pulse Analytics Dashboard',
   'Self-serve product analytics for a SaaS team: funnels, retention cohorts and custom KPIs over a GraphQL API '
   || 'backed by a Go ingestion service handling 2,000 events per second. Dashboards load in under a second.',
   2021, 2022, 'https://pulse.example.com', null, true,
   '/demo/pulse-analytics.svg', array['/demo/pulse-analytics.svg', '/demo/pulse-analytics-detail.svg']),

  ('Greenleaf Market',
   'E-commerce storefront for a network of local organic farms: weekly baskets, subscriptions and pick-up slots. '
   || 'Server-rendered product pages, Stripe checkout and a small back office for the farmers.',
   2020, 2021, 'https://greenleaf.example.com', 'https://github.com/example/greenleaf-market', true,
   '/demo/greenleaf-market.svg', array['/demo/greenleaf-market.svg', '/demo/greenleaf-market-detail.svg']),

  ('Tempo — Booking API',
   'Appointment booking backend for clinics and studios: availability rules, time zones, reminders by e-mail and SMS. '
   || 'Python service on AWS with a clean OpenAPI contract used by three different front ends.',
   2023, 2024, null, 'https://github.com/example/tempo-booking', true,
   '/demo/tempo-booking.svg', array['/demo/tempo-booking.svg', '/demo/tempo-booking-detail.svg']),

  ('Atlas CLI',
   'A command-line tool to deploy and inspect a fleet of containerised services: health checks, rolling restarts '
   || 'and log tailing from one binary. Archived after the team moved to a managed platform.',
   2019, 2020, null, 'https://github.com/example/atlas-cli', false,
   '/demo/atlas-cli.svg', array['/demo/atlas-cli.svg', '/demo/atlas-cli-detail.svg']);

insert into public.project_technologies (project_id, technology_id)
select p.id, t.id
from (values
  ('Harbor — Freight Tracking Platform', 'React'),
  ('Harbor — Freight Tracking Platform', 'TypeScript'),
  ('Harbor — Freight Tracking Platform', 'Node.js'),
  ('Harbor — Freight Tracking Platform', 'PostgreSQL'),
  ('Lumen Notes', 'Next.js'),
  ('Lumen Notes', 'Supabase'),
  ('Lumen Notes', 'Tailwind CSS'),
  ('Lumen Notes', 'TypeScript'),
  ('Pulse Analytics Dashboard', 'React'),
  ('Pulse Analytics Dashboard', 'GraphQL'),
  ('Pulse Analytics Dashboard', 'Go'),
  ('Greenleaf Market', 'Next.js'),
  ('Greenleaf Market', 'Node.js'),
  ('Greenleaf Market', 'PostgreSQL'),
  ('Tempo — Booking API', 'Python'),
  ('Tempo — Booking API', 'AWS'),
  ('Tempo — Booking API', 'PostgreSQL'),
  ('Tempo — Booking API', 'Docker'),
  ('Atlas CLI', 'Go'),
  ('Atlas CLI', 'Docker')
) as link (project_name, technology_name)
join public.projects p on p.name = link.project_name
join public.technologies t on t.name = link.technology_name;

insert into public.certifications (name, icon, obtained_date, is_active) values
  ('AWS Certified Developer – Associate', '/icons/cert-aws-developer.svg', date '2023-05-18', true),
  ('Certified Kubernetes Application Developer (CKAD)', '☸️', date '2024-02-09', true),
  ('Professional Scrum Master I', '/icons/cert-scrum.svg', date '2022-09-14', true),
  ('MongoDB Associate Developer', '🍃', date '2020-03-03', false);

-- Site texts (docs/PRODUCT.md §3) plus the page metadata the SPA uses for the
-- document title, meta description and JSON-LD.
insert into public.configs (name, value, description) values
  ('heroTitle1', 'FULL STACK', 'First line of the hero title'),
  ('heroTitle2', 'DEVELOPER', 'Second line of the hero title'),
  ('heroDescription',
   'I design and build fast, accessible web products end to end — from the Postgres schema to the last pixel. '
   || 'Eight years of shipping with TypeScript, React and Node.js.',
   'Paragraph under the hero title'),
  ('footerText', '© Jordan Avery. Built with React, Hono and Postgres.', 'Text in the page footer'),
  ('contactTitle', 'DO YOU HAVE A PROJECT TO DISCUSS?', 'Heading of the contact section'),
  ('portfolioTitle', 'PORTFOLIO', 'Heading of the projects section'),
  ('skillsTitle', 'SKILLS', 'Heading of the technologies section'),
  ('certificationsTitle', 'MY CERTIFICATIONS', 'Heading of the certifications section'),
  ('linkedinUrl', 'https://www.linkedin.com/in/jordan-avery-example', 'LinkedIn profile link in the contact section'),
  ('githubUrl', 'https://github.com/example', 'GitHub profile link in the contact section'),
  ('email', 'jordan.avery@example.com', 'E-mail address shown in the contact section'),
  ('siteTitle', 'Jordan Avery — Full Stack Developer', 'Browser tab title and search result title'),
  ('siteDescription',
   'Portfolio of Jordan Avery, a full-stack developer building web products with TypeScript, React, Node.js and PostgreSQL.',
   'Meta description for search engines and link previews'),
  ('ownerName', 'Jordan Avery', 'Portfolio owner''s name, used in the page metadata (JSON-LD)');

-- The developer's story (docs/PRODUCT.md §18–§19): where Jordan worked and
-- studied, with the technologies used there, and what each certification
-- certifies, so the public timeline and the skills' evidence show at once.
insert into public.experiences (organization, role, location, start_date, end_date, description, url) values
  ('Northwind Logistics', 'Senior Full-Stack Engineer', 'Rotterdam, remote', date '2022-03-01', null,
   'Lead engineer of the tracking platform: typed REST APIs, a live map for dispatchers and delay alerts for customers. '
   || 'Mentoring three developers and running the weekly architecture review.',
   'https://northwind.example.com'),
  ('Brightwave Studio', 'Full-Stack Developer', 'Amsterdam', date '2019-06-01', date '2022-02-01',
   'Built web products for a dozen clients, from e-commerce storefronts to analytics dashboards, '
   || 'with React, Node.js and PostgreSQL; introduced automated tests and preview deployments.',
   'https://brightwave.example.com'),
  ('Kettle & Co', 'Junior Web Developer', 'Utrecht', date '2017-09-01', date '2019-05-01',
   'Maintained the company''s storefront and internal tools; moved the team from FTP uploads to Docker-based deploys.',
   null);

insert into public.experience_technologies (experience_id, technology_id)
select e.id, t.id
from (values
  ('Northwind Logistics', 'TypeScript'),
  ('Northwind Logistics', 'React'),
  ('Northwind Logistics', 'Node.js'),
  ('Northwind Logistics', 'PostgreSQL'),
  ('Northwind Logistics', 'AWS'),
  ('Brightwave Studio', 'React'),
  ('Brightwave Studio', 'Node.js'),
  ('Brightwave Studio', 'GraphQL'),
  ('Brightwave Studio', 'PostgreSQL'),
  ('Kettle & Co', 'Python'),
  ('Kettle & Co', 'Docker')
) as link (organization, technology_name)
join public.experiences e on e.organization = link.organization
join public.technologies t on t.name = link.technology_name;

insert into public.education (institution, qualification, field, start_date, end_date, description, url) values
  ('Utrecht University of Applied Sciences', 'BSc', 'Software Engineering', date '2013-09-01', date '2017-07-01',
   'Thesis on offline-first synchronisation for mobile web apps.', 'https://www.example.edu'),
  ('Open University', 'Certificate', 'Database Systems', date '2020-01-01', date '2020-06-01', '', null);

insert into public.certification_technologies (certification_id, technology_id)
select c.id, t.id
from (values
  ('AWS Certified Developer – Associate', 'AWS'),
  ('Certified Kubernetes Application Developer (CKAD)', 'Docker')
) as link (certification_name, technology_name)
join public.certifications c on c.name = link.certification_name
join public.technologies t on t.name = link.technology_name;

-- Last: the fingerprint of every row above, so GET /demo and DELETE /demo
-- know the demo's rows for as long as the owner leaves them as they are
-- (supabase/schemas/17_demo_content.sql).
insert into app.demo_content (entity, fingerprint)
select f.entity, f.fingerprint from app.content_fingerprints() f
on conflict do nothing;
