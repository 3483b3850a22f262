-- Visit statistics (supabase/schemas/09_visit_statistics.sql): client roles write nothing
-- but through app.record_visit, read nothing but the daily rollups when signed
-- in, and never see a salt or a raw event; no address is kept, not even by
-- the rate limit; a day whose raw events are gone (past the retention, or
-- replaced by a restore) is added to, never counted again from what is left.
begin;
\ir ../helpers/identity.sql
select plan(26);

select pg_temp.reset_accounts();
delete from app.visit_events;
delete from public.visit_daily;
update app.visit_rollup_state set ran_at = '-infinity';

select ok((select relrowsecurity from pg_class where oid = 'app.visit_events'::regclass),
  'Row-level security is enabled on the raw events');
select ok((select relrowsecurity from pg_class where oid = 'app.visit_salts'::regclass),
  'and on the daily salts');

select pg_temp.as_visitor();
select is(app.record_visit('203.0.113.7', 'Firefox', 'site.test', 'view', '/', null, null,
  'example.org', 'news', null, 60, 30), 0, 'Visitors record a view through app.record_visit');
select throws_ok($$select * from app.visit_events$$, '42501', null, 'Visitors cannot read raw events');
select throws_ok($$select * from app.visit_salts$$, '42501', null, 'nor the salts');
select throws_ok($$select * from public.visit_daily$$, '42501', null, 'nor the daily statistics');
select throws_ok($$insert into app.visit_events (kind, path, visitor) values ('view', '/', sha256('x'))$$,
  '42501', null, 'Visitors cannot insert events directly');
select throws_ok($$select app.visit_rollup_now(30)$$, '42501', null, 'Visitors cannot roll up');
select throws_ok($$select app.visit_rollup(30, interval '0')$$, '42501', null,
  'nor call the rollup itself');

select pg_temp.as_account('rita');
select ok(app.visit_rollup_now(30), 'A signed-in account rolls up before reading');
select is((select events from public.visit_daily where kind = 'total'), 1,
  'and reads the daily statistics');
select throws_ok($$delete from public.visit_daily$$, '42501', null,
  'Signed-in accounts cannot change the statistics');
select throws_ok($$select * from app.visit_salts$$, '42501', null, 'nor read a salt');
select throws_ok($$select app.replace_visit_daily('[]')$$, '42501', null,
  'A read-only account cannot restore statistics');

select pg_temp.as_superuser();
select is((select count(*)::int from app.visit_salts), 1, 'One salt, today''s');
select ok((select e.visitor = sha256(s.salt || convert_to(E'203.0.113.7\nFirefox\nsite.test', 'UTF8'))
             and e.referrer_host = 'example.org' and e.utm_source = 'news'
           from app.visit_events e, app.visit_salts s),
  'The stored visitor is the salted hash, nothing else of the address');

select is_empty($$select 1 from app.rate_limits r where strpos(r.key, '203.0.113.7') > 0$$,
  'The rate limit does not keep the address');
select ok(exists (select 1 from app.rate_limits r, app.visit_salts s
                   where r.bucket = 'events'
                     and r.key = encode(sha256(s.salt || convert_to('203.0.113.7', 'UTF8')), 'hex')),
  'but a hash of it with the day''s salt');

-- A retention of 0 days: yesterday's raw events go at the first rollup of today.
delete from app.visit_events;
delete from public.visit_daily;
update app.visit_rollup_state set ran_at = '-infinity', recount_from = '-infinity';
create temp table d as select (now() at time zone 'UTC')::date as today;
insert into app.visit_events (day, kind, path, visitor)
  select d.today - 1, 'view', '/', sha256(convert_to(v, 'UTF8')) from d, unnest(array['a', 'b']) v;
select ok(app.visit_rollup(0, interval '0'), 'A rollup with a retention of 0 days runs');
select is((select count(*)::int from app.visit_events), 0, 'and deletes yesterday''s raw events once counted');
insert into app.visit_events (day, kind, path, visitor)
  select d.today - 1, 'view', '/', sha256(convert_to(v, 'UTF8')) from d, unnest(array['c', 'd']) v;
select ok(app.visit_rollup(0, interval '0'), 'Events of yesterday that commit later are rolled up');
select results_eq($$select events, visitors from public.visit_daily v, d
                     where v.day = d.today - 1 and v.kind = 'total'$$,
  $$values (4, 4)$$, 'and added to the day''s counts, not counted instead of them');

-- A restore: the archive's rows replace the raw events too.
insert into app.visit_events (day, kind, path, project_id, visitor)
  select d.today, 'view', '/', 999, sha256('before') from d;
select is(app.replace_visit_daily(jsonb_build_array(jsonb_build_object('day', d.today, 'kind', 'total',
  'key', '', 'events', 10, 'visitors', 7))), 1, 'A restore writes the archive''s daily rows')
  from d;
select is((select count(*)::int from app.visit_events), 0, 'and deletes the raw events they replace');
insert into app.visit_events (day, kind, path, visitor) select d.today, 'view', '/', sha256('after') from d;
select ok(app.visit_rollup(30, interval '0'), 'The next rollup runs');
select results_eq($$select events, visitors from public.visit_daily v, d
                     where v.day = d.today and v.kind = 'total'$$,
  $$values (11, 8)$$, 'A view after the restore adds to the restored day');

select * from finish();
rollback;
