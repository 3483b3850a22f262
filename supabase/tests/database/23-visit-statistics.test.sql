-- Visit statistics (migration ..._visit_statistics.sql): client roles write
-- nothing but through app.record_visit, read nothing but the daily rollups
-- when signed in, and never see a salt or a raw event.
begin;
\ir ../helpers/identity.sql
select plan(16);

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

select * from finish();
rollback;
