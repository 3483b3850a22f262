-- The content version (supabase/schemas/04_content_version_and_publish.sql): every write to
-- public content moves it on, once per statement, and only then; visitors and
-- accounts may read it but never set it.
begin;
\ir ../helpers/identity.sql
select plan(16);

select pg_temp.reset_accounts();

create function pg_temp.bumps(p_sql text) returns bigint
language plpgsql as $$
declare
  v_before bigint := app.content_version();
begin
  execute p_sql;
  return app.content_version() - v_before;
end
$$;

select is(pg_temp.bumps($$insert into public.technologies (name) values ('Zig'), ('Odin')$$), 1::bigint,
  'Inserting two technologies in one statement moves the version on once');
select is(pg_temp.bumps($$update public.technologies set icon = null where name = 'Zig'$$), 1::bigint,
  'Updating a technology moves the version on');
select is(pg_temp.bumps($$insert into public.projects (name, description, is_active) values ('P', 'D', true)$$), 1::bigint,
  'Inserting a project moves the version on');
select is(pg_temp.bumps($$insert into public.project_technologies (project_id, technology_id)
  select p.id, t.id from public.projects p, public.technologies t where p.name = 'P' and t.name = 'Zig'$$), 1::bigint,
  'Linking a technology to a project moves the version on');
select is(pg_temp.bumps($$delete from public.project_technologies
  where project_id = (select id from public.projects where name = 'P')$$), 1::bigint,
  'Unlinking moves the version on');
select is(pg_temp.bumps($$insert into public.certifications (name, icon, obtained_date) values ('C', 'x', current_date)$$), 1::bigint,
  'Inserting a certification moves the version on');
select is(pg_temp.bumps($$update public.certifications set is_active = false where name = 'C'$$), 1::bigint,
  'Hiding a certification moves the version on');
select is(pg_temp.bumps($$insert into public.configs (name, value) values ('contentVersionTest', 'x')$$), 1::bigint,
  'Inserting a configuration moves the version on');
select is(pg_temp.bumps($$delete from public.configs where name = 'contentVersionTest'$$), 1::bigint,
  'Deleting a configuration moves the version on');
select ok(pg_temp.bumps($$delete from public.projects where name = 'P'$$) > 0,
  'Deleting a project moves the version on (its links go with it)');
select is(pg_temp.bumps($$insert into public.contact_messages (name, email, message) values ('N', 'n@example.com', 'Hello')$$), 0::bigint,
  'A contact message is not public content and leaves the version alone');
select is(pg_temp.bumps($$select count(*) from public.projects$$), 0::bigint,
  'A read leaves the version alone');

select pg_temp.as_visitor();
select ok(app.content_version() > 0, 'Visitors can read the version');
select throws_ok($$select version from app.content_version$$, '42501', null,
  'Visitors cannot read the version table itself');
select pg_temp.as_account('ada');
select throws_ok($$update app.content_version set version = 0$$, '42501', null,
  'An admin cannot set the version by hand');
select throws_ok($$select app.bump_content_version()$$, '42501', null,
  'Nobody calls the bump function directly');

select * from finish();
rollback;
