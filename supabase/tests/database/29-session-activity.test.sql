-- Sessions end when unused, and their owner lists and ends them
-- (supabase/schemas/02_accounts.sql).
begin;
\ir ../helpers/identity.sql
select plan(12);

select pg_temp.reset_accounts();

create function pg_temp.as_session(p_user text, p_sid uuid) returns void
language plpgsql as $$
declare
  v_id integer;
begin
  perform pg_temp.as_superuser();
  select id into v_id from public.users where username = p_user;
  perform set_config('request.jwt.claims',
    jsonb_build_object('sub', v_id::text, 'role', 'authenticated', 'sid', p_sid)::text, true);
  execute 'set local role authenticated';
end
$$;

create function pg_temp.new_session(p_user text) returns uuid
language sql as $$
  insert into app.sessions (user_id, expires_at)
  select id, now() + interval '8 hours' from public.users where username = p_user
  returning id
$$;

create temporary table s (name text primary key, id uuid) on commit drop;
grant select on s to anon, authenticated;
insert into s values
  ('ada-1', pg_temp.new_session('ada')), ('ada-2', pg_temp.new_session('ada')),
  ('ada-3', pg_temp.new_session('ada')), ('grace-1', pg_temp.new_session('grace'));

-- idle ----------------------------------------------------------------------------
update app.sessions set last_used_at = now() - interval '31 minutes'
where id = (select id from s where name = 'ada-2');
select pg_temp.as_session('ada', (select id from s where name = 'ada-2'));
select is(app.current_user_id(), null, 'A session unused for longer than its idle limit is nobody');
select lives_ok($$select app.touch_session(1800)$$, 'Noting a use of it is allowed');
select pg_temp.as_superuser();
select cmp_ok((select last_used_at from app.sessions where id = (select id from s where name = 'ada-2')),
  '<', now() - interval '30 minutes', 'but does not bring it back');

update app.sessions set last_used_at = now() - interval '2 minutes'
where id = (select id from s where name = 'ada-1');
select pg_temp.as_session('ada', (select id from s where name = 'ada-1'));
select is(app.session_touch_due(), true, 'A use two minutes ago is due to be noted again');
select app.touch_session(600);
select is(app.session_touch_due(), false, 'and once noted is not');
select pg_temp.as_superuser();
select is((select idle_timeout from app.sessions where id = (select id from s where name = 'ada-1')),
  interval '10 minutes', 'The idle limit is the one the server runs with');

-- listing and ending ---------------------------------------------------------------
select pg_temp.as_session('ada', (select id from s where name = 'ada-1'));
select is((select count(*)::int from app.my_sessions()), 2,
  'The list holds the account''s open sessions, not the idle one nor others''');
select is((select id from app.my_sessions() where current), (select id from s where name = 'ada-1'),
  'and marks the current one');
select is(app.end_my_session((select id from s where name = 'grace-1')), false,
  'Another account''s session cannot be ended');
select is(app.end_my_other_sessions(), 2, 'Ending the others ends both other sessions of ada');
select is((select count(*)::int from app.my_sessions()), 1, 'and leaves this one');

select pg_temp.as_visitor();
select throws_ok($$select * from app.my_sessions()$$, '42501', null,
  'Visitors cannot list sessions');

select * from finish();
rollback;
