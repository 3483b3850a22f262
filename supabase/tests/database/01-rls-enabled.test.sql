-- Row-level security is on for every table a client role can reach, the
-- policies are exactly the reviewed ones, and the table privileges of anon and
-- authenticated are exactly the migrations' grants (nothing left over from
-- Supabase's default privileges).
begin;
select plan(79);

select tables_are('public',
  array['users', 'technologies', 'projects', 'project_technologies', 'certifications', 'configs', 'contact_messages',
    'activity', 'site_publish', 'visit_daily', 'experiences', 'experience_technologies', 'education',
    'certification_technologies', 'languages', 'share_links', 'share_link_views', 'posts',
    'post_technologies', 'post_projects', 'post_preview_links', 'appearance', 'github_projects',
    'contributions'],
  'The public schema holds exactly the tables these tests cover');

select ok((select relrowsecurity from pg_class where oid = 'public.users'::regclass), 'Row-level security is enabled on users');
select ok((select relrowsecurity from pg_class where oid = 'public.technologies'::regclass), 'Row-level security is enabled on technologies');
select ok((select relrowsecurity from pg_class where oid = 'public.projects'::regclass), 'Row-level security is enabled on projects');
select ok((select relrowsecurity from pg_class where oid = 'public.project_technologies'::regclass), 'Row-level security is enabled on project_technologies');
select ok((select relrowsecurity from pg_class where oid = 'public.certifications'::regclass), 'Row-level security is enabled on certifications');
select ok((select relrowsecurity from pg_class where oid = 'public.configs'::regclass), 'Row-level security is enabled on configs');
select ok((select relrowsecurity from pg_class where oid = 'public.contact_messages'::regclass), 'Row-level security is enabled on contact_messages');
select ok((select relrowsecurity from pg_class where oid = 'app.rate_limits'::regclass), 'Row-level security is enabled on the private rate_limits table');
select ok((select relrowsecurity from pg_class where oid = 'public.visit_daily'::regclass), 'Row-level security is enabled on visit_daily');
select ok((select relrowsecurity from pg_class where oid = 'public.share_links'::regclass), 'Row-level security is enabled on share_links');
select ok((select relrowsecurity from pg_class where oid = 'public.share_link_views'::regclass), 'Row-level security is enabled on share_link_views');
select ok((select relrowsecurity from pg_class where oid = 'public.experiences'::regclass), 'Row-level security is enabled on experiences');
select ok((select relrowsecurity from pg_class where oid = 'public.experience_technologies'::regclass), 'Row-level security is enabled on experience_technologies');
select ok((select relrowsecurity from pg_class where oid = 'public.certification_technologies'::regclass), 'Row-level security is enabled on certification_technologies');
select ok((select relrowsecurity from pg_class where oid = 'public.education'::regclass), 'Row-level security is enabled on education');
select ok((select relrowsecurity from pg_class where oid = 'public.post_preview_links'::regclass), 'Row-level security is enabled on post_preview_links');
select ok((select relrowsecurity from pg_class where oid = 'public.appearance'::regclass), 'Row-level security is enabled on appearance');
select policies_are('public', 'appearance', array[
  'Visitors can read the appearance', 'Signed-in accounts can read the appearance',
  'Admins can change the appearance'], 'appearance: everyone reads, admins change');
select ok((select relrowsecurity from pg_class where oid = 'public.github_projects'::regclass), 'Row-level security is enabled on github_projects');
select policies_are('public', 'github_projects', array[
  'Visitors can read the GitHub figures of active projects', 'Signed-in accounts can read the GitHub figures',
  'Admins can import from GitHub', 'Admins can sync from GitHub', 'Admins can forget a repository'],
  'github_projects: visitors read active projects'' figures, admins write');
select ok((select relrowsecurity from pg_class where oid = 'public.contributions'::regclass), 'Row-level security is enabled on contributions');
select policies_are('public', 'contributions', array[
  'Visitors can read the contributions', 'Signed-in accounts can read the contributions',
  'Admins can choose contributions', 'Admins can remove contributions'],
  'contributions: everyone reads, admins choose and remove');

-- Posts (15_posts.sql, 38-posts.test.sql).
select policies_are('public', 'posts', array[
  'Visitors can read public posts', 'Signed-in accounts can read posts', 'Admins can create posts',
  'Admins can update posts', 'Admins can delete posts'],
  'posts has one policy per role and operation');
select policies_are('public', 'post_technologies', array[
  'Visitors can read links of public posts', 'Signed-in accounts can read post technologies',
  'Admins can link technologies to posts', 'Admins can unlink technologies from posts'],
  'post_technologies has one policy per role and operation');
select policies_are('public', 'post_projects', array[
  'Visitors can read projects of public posts', 'Signed-in accounts can read post projects',
  'Admins can link projects to posts', 'Admins can unlink projects from posts'],
  'post_projects has one policy per role and operation');
select policies_are('public', 'post_preview_links', array[
  'Admins can read preview links', 'Admins can create preview links', 'Admins can revoke preview links'],
  'post_preview_links is the admins'' alone');
select table_privs_are('public', 'posts', 'anon', array['SELECT'], 'Visitors may only select posts');
select table_privs_are('public', 'posts', 'authenticated', array['SELECT', 'DELETE'],
  'Signed-in roles may select and delete posts (insert and update are per column)');
select table_privs_are('public', 'post_technologies', 'anon', array['SELECT'], 'Visitors may only select post technologies');
select table_privs_are('public', 'post_projects', 'anon', array['SELECT'], 'Visitors may only select post projects');
select table_privs_are('public', 'post_preview_links', 'anon', array[]::text[], 'Visitors hold nothing on preview links');

select is_empty($$
  select c.relname from pg_class c
  where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and not c.relrowsecurity
$$, 'No table in the public schema is without row-level security');

select is_empty($$
  select c.relname from pg_class c
  where c.relnamespace = 'public'::regnamespace and c.relkind in ('v', 'm')
$$, 'No view in the public schema can bypass row-level security');

select policies_are('public', 'users', array[
  'Admins can read every account and users their own', 'Admins can create accounts',
  'Admins can update accounts', 'Admins can delete accounts'],
  'users has one policy per operation');
select policies_are('public', 'technologies', array[
  'Visitors can read technologies', 'Signed-in accounts can read technologies', 'Admins can create technologies',
  'Admins can update technologies', 'Admins can delete technologies'],
  'technologies has one policy per role and operation');
select policies_are('public', 'projects', array[
  'Visitors can read active projects', 'Signed-in accounts can read projects', 'Admins can create projects',
  'Admins can update projects', 'Admins can delete projects'],
  'projects has one policy per role and operation');
select policies_are('public', 'project_technologies', array[
  'Visitors can read links of active projects', 'Signed-in accounts can read project links',
  'Admins can link technologies to projects', 'Admins can unlink technologies from projects'],
  'project_technologies has one policy per role and operation');
select policies_are('public', 'certifications', array[
  'Visitors can read active certifications', 'Signed-in accounts can read certifications',
  'Admins can create certifications', 'Admins can update certifications', 'Admins can delete certifications'],
  'certifications has one policy per role and operation');
select policies_are('public', 'certification_technologies', array[
  'Visitors can read links of active certifications', 'Signed-in accounts can read certification links',
  'Admins can link technologies to certifications', 'Admins can unlink technologies from certifications'],
  'certification_technologies has one policy per role and operation');
select policies_are('public', 'configs', array[
  'Visitors can read configurations', 'Signed-in accounts can read configurations',
  'Admins can create configurations', 'Admins can update configurations', 'Admins can delete configurations'],
  'configs has one policy per role and operation');
select policies_are('public', 'contact_messages', array[
  'Signed-in accounts can read messages', 'Admins can mark messages read', 'Admins can delete messages'],
  'contact_messages has one policy per role and operation; messages arrive through app.send_contact_message');
select policies_are('public', 'site_publish', array['Signed-in accounts can read when the site was published'],
  'site_publish is read-only for clients; app.claim_publish and app.record_publish write it');
select policies_are('public', 'visit_daily', array['Signed-in accounts can read visit statistics'],
  'visit_daily is read-only for signed-in accounts; app.visit_rollup writes it');
select policies_are('public', 'experiences', array[
  'Visitors can read experiences', 'Signed-in accounts can read experiences',
  'Admins can create experiences', 'Admins can update experiences', 'Admins can delete experiences'],
  'experiences has one policy per role and operation');
select policies_are('public', 'experience_technologies', array[
  'Visitors can read experience links', 'Signed-in accounts can read experience links',
  'Admins can link technologies to experiences', 'Admins can unlink technologies from experiences'],
  'experience_technologies has one policy per role and operation');
select policies_are('public', 'education', array[
  'Visitors can read education', 'Signed-in accounts can read education',
  'Admins can create education', 'Admins can update education', 'Admins can delete education'],
  'education has one policy per role and operation');

select is_empty($$
  select tablename || ': ' || policyname from pg_policies
  where schemaname = 'public' and ('public' = any(roles) or not (roles <@ array['anon', 'authenticated']::name[]))
$$, 'Every policy names anon or authenticated, none applies to public');

-- Table-level privileges (column grants are checked below and in 02-users).
select table_privs_are('public', 'users', 'anon', array[]::text[], 'Visitors hold no privilege on users');
select table_privs_are('public', 'users', 'authenticated', array['DELETE'],
  'Signed-in roles hold only DELETE on users as a whole; reads and writes are per column');
select table_privs_are('public', 'technologies', 'anon', array['SELECT'], 'Visitors may only select technologies');
select table_privs_are('public', 'technologies', 'authenticated', array['SELECT', 'DELETE'],
  'Signed-in roles may select and delete technologies (insert and update are per column)');
select table_privs_are('public', 'projects', 'anon', array['SELECT'], 'Visitors may only select projects');
select table_privs_are('public', 'projects', 'authenticated', array['SELECT', 'DELETE'],
  'Signed-in roles may select and delete projects (insert and update are per column)');
select table_privs_are('public', 'project_technologies', 'anon', array['SELECT'], 'Visitors may only select project links');
select table_privs_are('public', 'project_technologies', 'authenticated', array['SELECT', 'INSERT', 'DELETE'],
  'Signed-in roles may select, insert and delete project links');
select table_privs_are('public', 'certifications', 'anon', array['SELECT'], 'Visitors may only select certifications');
select table_privs_are('public', 'certifications', 'authenticated', array['SELECT', 'DELETE'],
  'Signed-in roles may select and delete certifications (insert and update are per column)');
select table_privs_are('public', 'certification_technologies', 'anon', array['SELECT'],
  'Visitors may only select certification links');
select table_privs_are('public', 'certification_technologies', 'authenticated', array['SELECT', 'INSERT', 'DELETE'],
  'Signed-in roles may select, insert and delete certification links');
select table_privs_are('public', 'configs', 'anon', array['SELECT'], 'Visitors may only select configurations');
select table_privs_are('public', 'configs', 'authenticated', array['SELECT', 'DELETE'],
  'Signed-in roles may select and delete configurations (insert and update are per column)');
select table_privs_are('public', 'contact_messages', 'anon', array[]::text[],
  'Visitors hold no table-wide privilege on contact_messages');
select table_privs_are('public', 'contact_messages', 'authenticated', array['SELECT', 'DELETE'],
  'Signed-in roles may select and delete contact_messages (update is per column)');
select table_privs_are('public', 'site_publish', 'anon', array[]::text[],
  'Visitors hold no privilege on site_publish');
select table_privs_are('public', 'site_publish', 'authenticated', array['SELECT'],
  'Signed-in roles may only select site_publish');
select table_privs_are('public', 'visit_daily', 'anon', array[]::text[],
  'Visitors hold no privilege on visit_daily');
select table_privs_are('public', 'visit_daily', 'authenticated', array['SELECT'],
  'Signed-in roles may only select visit_daily');
select table_privs_are('public', 'experiences', 'anon', array['SELECT'], 'Visitors may only select experiences');
select table_privs_are('public', 'experiences', 'authenticated', array['SELECT', 'DELETE'],
  'Signed-in roles may select and delete experiences (insert and update are per column)');
select table_privs_are('public', 'experience_technologies', 'anon', array['SELECT'],
  'Visitors may only select experience links');
select table_privs_are('public', 'experience_technologies', 'authenticated', array['SELECT', 'INSERT', 'DELETE'],
  'Signed-in roles may select, insert and delete experience links');
select table_privs_are('public', 'education', 'anon', array['SELECT'], 'Visitors may only select education');
select table_privs_are('public', 'education', 'authenticated', array['SELECT', 'DELETE'],
  'Signed-in roles may select and delete education (insert and update are per column)');
select ok(not has_column_privilege('authenticated', 'public.experiences', 'version', 'UPDATE'),
  'Only the trigger moves an experience''s version');

select ok(not has_column_privilege('anon', 'public.contact_messages', 'is_read', 'INSERT'),
  'Visitors cannot choose is_read when sending a message');
select ok(not has_column_privilege('authenticated', 'public.configs', 'name', 'UPDATE'),
  'Nobody renames a configuration; its name is fixed once created');
select ok(not has_table_privilege('anon', 'app.rate_limits', 'SELECT')
  and not has_table_privilege('authenticated', 'app.rate_limits', 'SELECT'),
  'Client roles cannot read the rate-limit counters');
select ok(not has_schema_privilege('anon', 'app', 'CREATE') and not has_schema_privilege('authenticated', 'app', 'CREATE'),
  'Client roles cannot create objects in the private app schema');

select * from finish();
rollback;
