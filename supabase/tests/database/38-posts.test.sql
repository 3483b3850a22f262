-- Posts (supabase/schemas/15_posts.sql): visitors read public posts only
-- (published, or scheduled once publish_at has passed), accounts read all,
-- admins write; the rules of slugs, schedules and published_at hold for every
-- writer; preview links are the admins' and open one draft to a token holder.
begin;
\ir ../helpers/identity.sql
select plan(16);

select pg_temp.reset_accounts();
select pg_temp.as_superuser();
insert into public.posts (title, slug, status) values ('Draft', 'draft', 'draft');
insert into public.posts (title, slug, status) values ('Out', 'out', 'published');
insert into public.posts (title, slug, status, publish_at)
  values ('Later', 'later', 'scheduled', now() + interval '1 hour');
insert into public.post_preview_links (post_id, token_hash, expires_at)
  select id, repeat('ab', 32), now() + interval '7 days' from public.posts where slug = 'draft';

select ok((select relrowsecurity from pg_class where oid = 'public.posts'::regclass),
  'Row-level security is enabled on posts');

select pg_temp.as_visitor();
select results_eq($$select slug from public.posts order by slug$$, array['out'],
  'Visitors read published posts only');
select throws_ok($$select * from public.post_preview_links$$, '42501', null,
  'nor preview links');
select throws_ok($$insert into public.posts (title, slug) values ('X', 'x')$$, '42501', null,
  'Visitors cannot write posts');
select is(set_config('app.preview_token_hash', repeat('cd', 32), true), repeat('cd', 32), 'a wrong token...');
select results_eq($$select slug from public.posts order by slug$$, array['out'], '...opens nothing');
select is(set_config('app.preview_token_hash', repeat('ab', 32), true), repeat('ab', 32), 'a valid token...');
select results_eq($$select slug from public.posts order by slug$$, array['draft', 'out'],
  '...opens its draft alone');
select is(set_config('app.preview_token_hash', '', true), '', 'token cleared');

select pg_temp.as_account('ada');
select results_eq($$select slug from public.posts order by slug$$, array['draft', 'later', 'out'],
  'Accounts read every post');
select throws_ok($$update public.posts set publish_at = now() - interval '1 minute' where slug = 'later'$$,
  '23514', 'publishAt must be in the future to schedule a post', 'A client cannot schedule for the past');
select throws_ok($$insert into public.posts (title, slug) values ('Bad', 'Not a slug')$$, '23514', null,
  'A slug is lower-case words joined by hyphens');
select throws_ok($$insert into public.posts (title, slug) values ('Dup', 'out')$$, '23505', null,
  'and unique');
select throws_ok($$insert into public.posts (title, slug, status) values ('S', 's', 'scheduled')$$, '23514', null,
  'A scheduled post needs publish_at');

select pg_temp.as_superuser();
update public.posts set publish_at = now() - interval '1 minute' where slug = 'later';
select is(app.publish_due_posts(), 1, 'The periodic pass publishes a due post');
select ok((select status = 'published' and published_at = publish_at from public.posts where slug = 'later'),
  'at its publish_at');

select * from finish();
rollback;
