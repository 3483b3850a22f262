-- Share links (supabase/schemas/14_share_links.sql, docs/decisions/052):
-- signed-in accounts read them, admins create and change them, nobody deletes
-- one, no client role reads either hash; the projects must exist, once each;
-- a revoked link stays revoked; views are written by the database's own
-- function, once per visitor and day, and the recipient's reads go by token.
begin;
\ir ../helpers/identity.sql
select plan(36);

select pg_temp.reset_accounts();

select pg_temp.as_account('ada');
insert into public.projects (name, description, is_active) values
  ('Shop', 'A shop', true), ('Draft', 'Unpublished', false);
create temporary table ids as
  select (select id from public.projects where name = 'Shop') as shop,
         (select id from public.projects where name = 'Draft') as draft;
grant select on ids to anon, authenticated;

-- who may do what -------------------------------------------------------------------

select lives_ok($$insert into public.share_links (label, project_ids, note, token_hash, passphrase_hash)
  select 'Acme', array[draft, shop], 'Hello', sha256('token-one'::bytea), app.hash_password('open sesame')
    from ids$$, 'An admin creates a link with an inactive and an active project');
select is((select project_ids from public.share_links where label = 'Acme'),
  (select array[draft, shop] from ids), 'The order of the projects is kept');
select is((select has_passphrase from public.share_links where label = 'Acme'), true,
  'has_passphrase says a passphrase is set');
select throws_ok($$select passphrase_hash from public.share_links$$, '42501', null,
  'An admin cannot read the passphrase hash');
select throws_ok($$select token_hash from public.share_links$$, '42501', null,
  'An admin cannot read the token hash');
select is(pg_temp.affected($$update public.share_links set note = 'Hi' where label = 'Acme'$$), 1,
  'An admin changes a link');
select throws_ok($$delete from public.share_links$$, '42501', null, 'Not even an admin deletes a link');

select pg_temp.as_account('rita');
select is((select count(*)::integer from public.share_links), 1, 'A user account reads the links');
select is((select count(*)::integer from public.share_link_views), 0, 'A user account reads the views');
select throws_ok($$insert into public.share_links (label, project_ids, token_hash)
  select 'Mine', array[shop], sha256('token-two'::bytea) from ids$$, '42501', null,
  'A user account cannot create a link');
select is(pg_temp.affected($$update public.share_links set label = 'Taken'$$), 0,
  'A user account cannot change a link');
select throws_ok($$insert into public.share_link_views (share_link_id, day, views, last_viewed_at)
  select id, current_date, 100, now() from public.share_links$$, '42501', null,
  'A user account cannot write views');

select pg_temp.as_visitor();
select throws_ok($$select label from public.share_links$$, '42501', null, 'Visitors cannot read links');
select throws_ok($$select views from public.share_link_views$$, '42501', null, 'Visitors cannot read views');
select throws_ok($$select * from app.share_link_visitors$$, '42501', null,
  'Visitors cannot read the day''s visitor hashes');
select throws_ok($$insert into public.share_links (label, project_ids, token_hash)
  values ('X', '{1}', sha256('t'::bytea))$$, '42501', null, 'Visitors cannot create a link');

select pg_temp.as_ghost();
select is((select count(*)::integer from public.share_links), 0, 'A deleted account''s token reads no link');

-- the rules ---------------------------------------------------------------------------

select pg_temp.as_account('ada');
select throws_ok($$insert into public.share_links (label, project_ids, token_hash)
  values ('None', '{}', sha256('t3'::bytea))$$, '23514', 'Choose at least one project',
  'A new link shows at least one project');
select throws_ok($$insert into public.share_links (label, project_ids, token_hash)
  select 'Twice', array[shop, shop], sha256('t4'::bytea) from ids$$, '23514', 'A project is listed twice',
  'A project is listed once');
select throws_ok($$insert into public.share_links (label, project_ids, token_hash)
  values ('Ghost', '{999999}', sha256('t5'::bytea))$$, '23503', 'A chosen project does not exist',
  'Every project exists');
select throws_ok($$insert into public.share_links (label, project_ids, token_hash)
  select 'Ghost', array[shop], 'short'::bytea from ids$$, '23514', null,
  'The token hash is a sha256');
select throws_ok($$insert into public.share_links (label, project_ids, token_hash)
  select 'Same', array[shop], sha256('token-one'::bytea) from ids$$, '23505', null,
  'Two links cannot share a token');
select throws_ok($$insert into public.share_links (label, project_ids, token_hash, note)
  select 'Long', array[shop], sha256('t6'::bytea), repeat('n', 501) from ids$$, '23514', null,
  'A note is at most 500 characters');
select throws_ok($$insert into public.share_links (label, project_ids, token_hash, lang)
  select 'Lang', array[shop], sha256('t7'::bytea), 'french' from ids$$, '23514', null,
  'A language is a language tag');
select throws_ok($$insert into public.share_links (label, project_ids, token_hash, passphrase_hash)
  select 'Plain', array[shop], sha256('t8'::bytea), 'open sesame' from ids$$, '23514', null,
  'A passphrase is stored as a bcrypt hash only');

update public.share_links set revoked_at = now() where label = 'Acme';
select throws_ok($$update public.share_links set revoked_at = null where label = 'Acme'$$, 'VT409', null,
  'A revoked link stays revoked');

delete from public.projects where name = 'Draft';
select is((select project_ids from public.share_links where label = 'Acme'),
  (select array[shop] from ids), 'A deleted project leaves the links that showed it');

-- the recipient's functions, as a visitor ----------------------------------------------

insert into public.share_links (label, project_ids, token_hash)
  select 'Open', array[shop], sha256('token-open'::bytea) from ids;
select pg_temp.as_visitor();
select is((select state from app.share_link_state('token-open')), 'active', 'A visitor finds a link by its token');
select is((select state from app.share_link_state('token-one')), 'revoked', 'A revoked link says so');
select is((select count(*)::integer from app.share_link_state('no-such-token')), 0, 'An unknown token finds nothing');
select is(app.shared_page('token-open') -> 'projects' -> 0 ->> 'name', 'Shop', 'The page shows the chosen projects');
select is(app.shared_page('token-one'), null, 'A revoked link shows nothing');
select is(app.record_share_view('token-open', 'client-a', 'Browser', 'site', 60) ->> 'counted', 'true',
  'A first view of the day counts');
select is(app.record_share_view('token-open', 'client-a', 'Browser', 'site', 60) ->> 'counted', 'false',
  'The same visitor again the same day does not');

select pg_temp.as_superuser();
select is((select views from public.share_link_views v join public.share_links s on s.id = v.share_link_id
  where s.label = 'Open'), 1, 'One view is stored');
select policies_are('public', 'share_links', array['Signed-in accounts can read share links',
  'Admins can create share links', 'Admins can update share links'], 'share_links has its three policies');

select * from finish();
rollback;
