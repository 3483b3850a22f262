-- Periodic work (supabase/schemas/10_periodic_jobs.sql): each job runs once per
-- period whoever asks, claimed through app.claim_periodic, which only the
-- API's own connection may call; the visit rollup keeps its own claim; a
-- publish a signed-in write asked for is claimed by whoever finds it due.
begin;
\ir ../helpers/identity.sql
select plan(19);

select pg_temp.reset_accounts();
update app.periodic_jobs set last_run = '-infinity';

select ok((select relrowsecurity from pg_class where oid = 'app.periodic_jobs'::regclass),
  'Row-level security is enabled on the periodic jobs');

select pg_temp.as_visitor();
select throws_ok($$select app.claim_periodic('file_sweep', interval '1 hour')$$, '42501', null,
  'Visitors cannot claim a periodic job');
select throws_ok($$select * from app.periodic_jobs$$, '42501', null,
  'nor read when one last ran');

select pg_temp.as_account('ada');
select throws_ok($$select app.claim_periodic('file_sweep', interval '1 hour')$$, '42501', null,
  'Admins cannot claim one either: only the API''s own connection does');

select pg_temp.as_superuser();
select is(app.claim_periodic('file_sweep', interval '1 hour'), true,
  'A job that never ran is claimed');
select ok((select last_run = now() from app.periodic_jobs where name = 'file_sweep'),
  'and its last run is now');
select is(app.claim_periodic('file_sweep', interval '1 hour'), false,
  'A second claim within the hour is refused');
select is(app.claim_periodic('new_year', interval '1 hour'), true,
  'Each job has its own period');

update app.periodic_jobs set last_run = now() - interval '61 minutes' where name = 'file_sweep';
select is(app.claim_periodic('file_sweep', interval '1 hour'), true,
  'Once the hour has passed it is claimed again');

select is(app.claim_periodic('later_job', interval '1 hour'), true,
  'A job without a row gets one, claimed by its first caller');
select is(app.claim_periodic('later_job', interval '1 hour'), false, 'and by nobody else');

-- The visit rollup claims its own row, once per period too.
update app.visit_rollup_state set ran_at = '-infinity';
select ok(app.visit_rollup(30, interval '10 minutes') and not app.visit_rollup(30, interval '10 minutes'),
  'The visit rollup runs once in ten minutes, however often it is asked');

-- A publish asked for by a write, finished by whoever finds it due.
update public.site_publish set requested_version = 0, attempted_version = 0;
select pg_temp.as_visitor();
select throws_ok($$select app.request_publish()$$, '42501', null, 'Visitors cannot ask for a publish');
select throws_ok($$select app.claim_due_publish(interval '0')$$, '42501', null,
  'nor claim one that is due');
select pg_temp.as_superuser();
select ok((select c.version is null and c.wait is null from app.claim_due_publish(interval '0') c),
  'Content nobody asked to publish is not claimed, though it was never published');
insert into public.technologies (name) values ('Due later');
select app.request_publish();
select ok((select c.version is null and c.wait > interval '9 minutes'
             from app.claim_due_publish(interval '10 minutes') c),
  'A requested publish waits for the quiet period, and says how long is left');
select is((select c.version from app.claim_due_publish(interval '0') c), app.content_version(),
  'Once quiet it is claimed');
select ok((select c.version is null from app.claim_due_publish(interval '0') c),
  'by one caller only');
select ok((select s.requested_version = app.content_version() from public.site_publish s),
  'The request names the version that was current');

select * from finish();
rollback;
