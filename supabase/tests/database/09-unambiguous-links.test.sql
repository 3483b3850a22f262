-- Links in content cannot pass for a path on this site while a browser would
-- take them to another host: no backslash, whitespace or control character,
-- no '//' in a site path (supabase/schemas/00_roles_and_helpers.sql).
begin;
\ir ../helpers/identity.sql
select plan(17);

select pg_temp.reset_accounts();
delete from public.project_technologies;
delete from public.projects;
delete from public.technologies;
delete from public.certifications;

select results_eq(
  $$select url from unnest(array[
      '/\evil.example', '\\evil.example', '//evil.example', '///evil.example',
      '/' || chr(9) || '/evil.example', '/' || chr(10) || '/evil.example', '/' || chr(1) || 'x',
      '/a b', '/uploads//evil.example', 'https:\\evil.example', 'https:/\evil.example',
      'https://good.example\@evil.example', 'https:///evil.example', 'javascript:alert(1)'
    ]) as url where app.is_unambiguous_link(url)$$,
  $$select null::text where false$$,
  'No link that a browser could send to another host passes as a site path'
);
select results_eq(
  $$select url from unnest(array[
      '/uploads/photo.png', '/icons/react.svg', 'https://example.com/a//b?q=1', 'http://example.com'
    ]) as url where app.is_unambiguous_link(url) order by url$$,
  $$values ('/icons/react.svg'), ('/uploads/photo.png'), ('http://example.com'), ('https://example.com/a//b?q=1')$$,
  'Site paths and http(s) URLs still pass'
);

select pg_temp.as_account('ada');
select throws_ok($$insert into public.technologies (name, icon) values ('Evil', '/\evil.example')$$,
  '23514', 'new row for relation "technologies" violates check constraint "technologies_icon_is_unambiguous"',
  'A technology icon cannot hold a backslash');
select throws_ok($$insert into public.technologies (name, icon) values ('Evil', '/' || chr(9) || '/evil.example')$$,
  '23514', null, 'A technology icon cannot hold a tab');
select throws_ok($$insert into public.projects (name, description, live_url) values ('Evil', 'd', '/\evil.example')$$,
  '23514', 'new row for relation "projects" violates check constraint "projects_live_url_is_unambiguous"',
  'A live URL cannot hold a backslash');
select throws_ok($$insert into public.projects (name, description, github_url) values ('Evil', 'd', 'https://good.example\@evil.example')$$,
  '23514', 'new row for relation "projects" violates check constraint "projects_github_url_is_unambiguous"',
  'A GitHub URL cannot hold a backslash');
select throws_ok($$insert into public.projects (name, description, thumbnail) values ('Evil', 'd', '/uploads//evil.example')$$,
  '23514', 'new row for relation "projects" violates check constraint "projects_thumbnail_is_unambiguous"',
  'A thumbnail path cannot hold a double slash');
select throws_ok($$insert into public.projects (name, description, images) values ('Evil', 'd', array['/uploads/ok.png', '/\evil.example'])$$,
  '23514', 'new row for relation "projects" violates check constraint "projects_images_are_unambiguous"',
  'No project image URL can hold a backslash');
select throws_ok($$insert into public.projects (name, description, images) values ('Evil', 'd', array['//evil.example'])$$,
  '23514', null, 'No project image URL can name another host');
select throws_ok($$insert into public.certifications (name, icon, obtained_date) values ('Evil', '/\evil.example', current_date)$$,
  '23514', 'new row for relation "certifications" violates check constraint "certifications_icon_is_unambiguous"',
  'A certification icon cannot pass a backslash path off as an emoji');
select throws_ok($$insert into public.certifications (name, icon, obtained_date) values ('Evil', '\\evil', current_date)$$,
  '23514', null, 'A certification icon cannot be a backslash host');

select lives_ok($$insert into public.technologies (name, icon) values ('Rust', '/uploads/rust.png')$$,
  'A technology icon may be a site path');
select lives_ok($$insert into public.projects (name, description, live_url, github_url, thumbnail, images)
  values ('Fine', 'd', 'https://example.com/a//b', 'https://github.com/me', '/uploads/t.png', array['/uploads/a.png', 'https://cdn.example.com/b.png'])$$,
  'A project may hold site paths and http(s) URLs');
select lives_ok($$insert into public.certifications (name, icon, obtained_date) values ('Cloud', '☁️', current_date)$$,
  'A certification icon may still be an emoji');

select pg_temp.as_account('ada');
select throws_ok($$update public.projects set live_url = '/\evil.example' where name = 'Fine'$$,
  '23514', null, 'An update is checked as an insert is');
select is((select count(*)::integer from public.projects where name = 'Fine' and live_url = 'https://example.com/a//b'), 1,
  'The refused update left the project as it was');

select pg_temp.as_superuser();
select ok(
  (select bool_and(not convalidated) from pg_constraint where conname like '%\_unambiguous'),
  'The constraints leave rows stored before them alone (NOT VALID) and check every write'
);

select * from finish();
rollback;
