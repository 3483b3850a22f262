-- Certifications: visitors see active ones, signed-in accounts see all, only
-- admins write.
begin;
\ir ../helpers/identity.sql
select plan(20);

select pg_temp.reset_accounts();
delete from public.certifications;
insert into public.certifications (name, icon, obtained_date, is_active) values
  ('AWS Solutions Architect', '☁️', '2023-05-01', true),
  ('Expired Cert', 'https://cdn.example.com/c.png', '2015-01-01', false);

select pg_temp.as_visitor();
select results_eq($$select name from public.certifications$$, array['AWS Solutions Architect'],
  'Visitors read only active certifications');
select throws_ok($$insert into public.certifications (name, icon, obtained_date) values ('X', '☁️', current_date)$$,
  '42501', null, 'Visitors cannot create certifications');
select throws_ok($$update public.certifications set is_active = true$$, '42501', null, 'Visitors cannot update certifications');
select throws_ok($$delete from public.certifications$$, '42501', null, 'Visitors cannot delete certifications');

select pg_temp.as_account('rita');
select is((select count(*)::integer from public.certifications), 2,
  'A user account reads every certification, inactive included');
select throws_ok($$insert into public.certifications (name, icon, obtained_date) values ('X', '☁️', current_date)$$,
  '42501', null, 'A user account cannot create certifications');
select is(pg_temp.affected($$update public.certifications set is_active = true$$), 0,
  'A user account cannot update certifications');
select is(pg_temp.affected($$delete from public.certifications$$), 0, 'A user account cannot delete certifications');

select pg_temp.as_ghost();
select is((select count(*)::integer from public.certifications), 0, 'A deleted account''s token reads no certification');
select throws_ok($$insert into public.certifications (name, icon, obtained_date) values ('X', '☁️', current_date)$$,
  '42501', null, 'A deleted account''s token cannot create certifications');
select is(pg_temp.affected($$update public.certifications set is_active = true$$), 0,
  'A deleted account''s token cannot update certifications');
select is(pg_temp.affected($$delete from public.certifications$$), 0,
  'A deleted account''s token cannot delete certifications');

select pg_temp.as_account('ada');
select is((select count(*)::integer from public.certifications), 2, 'An admin reads every certification');
select lives_ok($$insert into public.certifications (name, icon, obtained_date) values ('Kubernetes', '☁️', current_date)$$,
  'An admin can create a certification with the default emoji icon');
select is((select is_active from public.certifications where name = 'Kubernetes'), true,
  'A new certification is active by default');
select throws_ok($$insert into public.certifications (name, icon, obtained_date) values ('X', '<img src=x>', current_date)$$,
  '23514', null, 'A certification icon is a URL or a short emoji, never markup');
select throws_ok($$insert into public.certifications (name, icon, obtained_date) values ('X', '☁️', null)$$,
  '23502', null, 'A certification needs the date it was obtained');
select is(pg_temp.affected($$update public.certifications set is_active = true where name = 'Expired Cert'$$), 1,
  'An admin can update a certification');
select is(pg_temp.affected($$delete from public.certifications where name = 'Kubernetes'$$), 1,
  'An admin can delete a certification');

select pg_temp.as_visitor();
select is((select count(*)::integer from public.certifications), 2,
  'A certification made active shows to visitors at once');

select * from finish();
rollback;
