-- A change of the site's languages in the activity history
-- (supabase/schemas/13_languages.sql, 08_activity.sql; docs/PRODUCT.md §12,
-- §23): a save replaces the list in several statements, and the transaction
-- is one entry saying the new list, or none when the list is as it was. Each
-- "save" below ends as a commit would: its deferred trigger runs then.
begin;
\ir ../helpers/identity.sql
select plan(11);

select pg_temp.reset_accounts();
delete from public.languages;
insert into public.languages (tag, position, is_default) values ('en', 0, true);
set constraints all immediate;
set constraints all deferred;
delete from public.activity;

create function pg_temp.save_as_ada(p_sql text) returns void
language plpgsql as $$
begin
  perform pg_temp.as_account('ada');
  execute p_sql;
  set constraints all immediate;
  set constraints all deferred;
  perform pg_temp.as_superuser();
end
$$;

-- As PUT /languages writes it: every row deleted, the new list inserted.
select pg_temp.save_as_ada($$
  delete from public.languages;
  insert into public.languages (tag, position, is_default) values ('en', 0, true), ('fr', 1, false), ('de', 2, false)
$$);
select results_eq(
  $$select actor_name, action, entity, entity_id, summary, changed_fields from public.activity$$,
  $$values ('ada', 'update', 'languages', 0, 'Changed the site''s languages: en (default), fr, de',
            array['languages'])$$,
  'A new list written in two statements is one entry, by the admin, saying the list');
select is((select count(*)::int from app.language_changes), 0, 'and nothing is left noted');

delete from public.activity;
select pg_temp.save_as_ada($$
  delete from public.languages;
  insert into public.languages (tag, position, is_default) values ('en', 0, true), ('fr', 1, false), ('de', 2, false)
$$);
select is_empty($$select 1 from public.activity$$, 'The same list saved again records nothing');

select pg_temp.save_as_ada($$
  update public.languages set position = 3 where tag = 'fr';
  update public.languages set position = 1 where tag = 'de';
  update public.languages set position = 2 where tag = 'fr'
$$);
select results_eq($$select summary, changed_fields from public.activity$$,
  $$values ('Changed the site''s languages: en (default), de, fr', array['languages'])$$,
  'A new order is a change of the list');

delete from public.activity;
select pg_temp.save_as_ada($$
  update public.languages set is_default = false;
  update public.languages set is_default = true where tag = 'fr'
$$);
select results_eq($$select summary, changed_fields from public.activity$$,
  $$values ('Changed the site''s languages: en, de, fr (default)', array['default'])$$,
  'Another default alone is a change of the default');

delete from public.activity;
select pg_temp.save_as_ada($$
  delete from public.languages where tag <> 'fr';
  insert into public.languages (tag, position, is_default) values ('pt-BR', 3, false)
$$);
select results_eq($$select summary, changed_fields from public.activity$$,
  $$values ('Changed the site''s languages: fr (default), pt-BR', array['languages'])$$,
  'Languages removed and added in one transaction are one entry');

delete from public.activity;
select pg_temp.save_as_ada($$
  delete from public.languages where tag = 'pt-BR';
  insert into public.languages (tag, position, is_default) values ('pt-BR', 3, false)
$$);
select is_empty($$select 1 from public.activity$$,
  'A language removed and added back in the same transaction is no change');

select pg_temp.save_as_ada($$update public.languages set is_default = false where tag = 'xx'$$);
select is((select count(*)::int from app.language_changes), 0,
  'A statement that writes no row notes nothing');

select pg_temp.save_as_ada($$
  update public.languages set is_default = false;
  update public.languages set is_default = true where tag = 'pt-BR';
  update public.languages set is_default = false;
  update public.languages set is_default = true where tag = 'fr'
$$);
select pg_temp.save_as_ada($$
  update public.languages set is_default = false;
  update public.languages set is_default = true where tag = 'pt-BR'
$$);
select pg_temp.as_account('rita');
select results_eq($$select entity, summary from public.activity$$,
  $$values ('languages', 'Changed the site''s languages: fr, pt-BR (default)')$$,
  'A read-only account reads the entries, and a change undone in its transaction was none');

select throws_ok($$insert into public.activity (actor_name, action, entity, entity_id, summary)
                   values ('rita', 'update', 'languages', 0, 'Changed')$$, '42501', null,
  'Nobody writes the history but the triggers');

select pg_temp.as_superuser();
select is((select string_agg(g.tgname || ':' || g.tgdeferrable || ':' || g.tginitdeferred, ',' order by g.tgname)
             from pg_trigger g where g.tgrelid = 'public.languages'::regclass
              and g.tgfoid = 'app.record_languages_change'::regproc),
  'languages_activity_at_commit:true:true',
  'The entry is written at commit, by one deferred trigger');

select * from finish();
rollback;
