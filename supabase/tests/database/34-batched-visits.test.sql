-- Visit events written in batches (migration ..._batched_visits.sql):
-- app.record_visits stores a batch with the rules of app.record_visit (the
-- same salted visitor hash, the per-address limit under a salted key, never
-- the address), callable by visitors as record_visit is, and still the only
-- way they write events.
begin;
\ir ../helpers/identity.sql
select plan(12);

select pg_temp.reset_accounts();
delete from app.visit_events;
delete from public.visit_daily;
delete from app.rate_limits where bucket = 'events';

create temp table batch as
select jsonb_agg(jsonb_build_object('client', '203.0.113.' || (n % 3), 'user_agent', 'Firefox',
         'site', 'site.test', 'kind', 'view', 'path', '/b-' || n, 'project_id', null,
         'target', null, 'referrer_host', 'example.org', 'utm_source', 'news',
         'utm_campaign', null)) as events
  from generate_series(1, 9) n;
grant select on batch to anon;

select pg_temp.as_visitor();
select is(app.record_visits((select events from batch), 60, 30), 9,
  'Visitors record a batch of nine views through app.record_visits');
select throws_ok($$select * from app.visit_events$$, '42501', null, 'and still cannot read raw events');
select throws_ok($$insert into app.visit_events (kind, path, visitor) values ('view', '/', sha256('x'))$$,
  '42501', null, 'nor insert them directly');
select is(app.record_visits('[]', 60, 30), 0, 'An empty batch stores nothing');
select is(app.record_visits(null, 60, 30), 0, 'nor does none');

select pg_temp.as_superuser();
select is((select count(*)::int from app.visit_events where path like '/b-%'), 9,
  'One row per event of the batch');
select ok((select bool_and(e.visitor = sha256(s.salt || convert_to(
                '203.0.113.' || (substr(e.path, 4)::int % 3) || E'\nFirefox\nsite.test', 'UTF8')))
             from app.visit_events e, app.visit_salts s where e.path like '/b-%' and e.path not like '/b-more-%'),
  'each visitor the salted hash of address, user agent and site, as app.record_visit stores it');
select is_empty($$select 1 from app.rate_limits r where strpos(r.key, '203.0.113.') > 0$$,
  'The rate limit does not keep the addresses');
select results_eq($$select r.hits from app.rate_limits r, app.visit_salts s
                     where r.bucket = 'events'
                       and r.key = encode(sha256(s.salt || convert_to('203.0.113.1', 'UTF8')), 'hex')$$,
  $$values (3)$$, 'but counts each one under a hash of it with the day''s salt');

-- The limit across calls: 3 counted so far for each address; with a limit of
-- 5, a batch of 5 more each lets 2 of each through.
create temp table more as
select jsonb_agg(jsonb_build_object('client', '203.0.113.' || (n % 3), 'user_agent', 'Firefox',
         'site', 'site.test', 'kind', 'view', 'path', '/b-more-' || n)) as events
  from generate_series(1, 15) n;
grant select on more to anon;
select pg_temp.as_visitor();
select is(app.record_visits((select events from more), 5, 30), 6,
  'Past the limit, a batch stores only what the limit leaves of each address');
select pg_temp.as_superuser();
select results_eq($$select count(*)::int from app.visit_events where path like '/b-more-%'
                     group by substr(path, 9)::int % 3 order by 1$$,
  $$values (2), (2), (2)$$, 'two of each address, and nothing more');

select pg_temp.as_sub('1');
select lives_ok($$select app.record_visits('[]', 60, 30)$$, 'Signed-in callers may call it too');

select * from finish();
rollback;
