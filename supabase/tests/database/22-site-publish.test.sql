-- Publishing state (supabase/schemas/04_content_version_and_publish.sql): signed-in accounts read
-- it, nobody writes it but the two functions, which no client role may call;
-- a claim waits for quiet content and is granted once per version.
begin;
\ir ../helpers/identity.sql
select plan(11);

select pg_temp.reset_accounts();
update public.site_publish set published_version = 0, published_at = null,
  attempted_version = 0, attempted_at = null, last_error = null;

select pg_temp.as_visitor();
select throws_ok($$select * from public.site_publish$$, '42501', null,
  'Visitors cannot read when the site was published');
select throws_ok($$select app.claim_publish(interval '0', true)$$, '42501', null,
  'Visitors cannot claim a publish');

select pg_temp.as_account('rita');
select is((select count(*)::int from public.site_publish), 1,
  'A read-only account reads the publishing state');
select throws_ok($$update public.site_publish set last_error = 'x'$$, '42501', null,
  'Signed-in accounts cannot write the publishing state');
select throws_ok($$select app.record_publish(1, null)$$, '42501', null,
  'nor record a publish');

select pg_temp.as_account('ada');
select throws_ok($$select app.claim_publish(interval '0', true)$$, '42501', null,
  'Admins cannot claim a publish either: only the API''s own connection does');

select pg_temp.as_superuser();
-- A change just now: a claim that wants 10 quiet minutes is told how long to wait.
insert into public.technologies (name) values ('Publish me');
select ok((select c.version is null and c.wait > interval '9 minutes'
             from app.claim_publish(interval '10 minutes') c),
  'Content changed a moment ago: no claim, and the wait that remains');
select is((select c.version from app.claim_publish(interval '0') c), app.content_version(),
  'Quiet long enough: the current version is claimed');
select ok((select c.version is null and c.wait is null from app.claim_publish(interval '0') c),
  'The same version is never claimed twice');
select is((select c.version from app.claim_publish(interval '0', true) c), app.content_version(),
  'unless forced ("Publish now")');

select app.record_publish(app.content_version(), null);
select ok((select s.published_version = app.content_version() and s.published_at is not null
             and s.last_error is null from public.site_publish s),
  'A success records the version and the time');

select * from finish();
rollback;
