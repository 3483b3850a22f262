-- A certification's technologies (docs/PRODUCT.md §19): visitors read the
-- links of active certifications only, signed-in accounts read them all, only
-- admins link and unlink; a link of an inactive certification moves no
-- content version.
begin;
\ir ../helpers/identity.sql
select plan(9);

select pg_temp.reset_accounts();
insert into public.technologies (name) values ('pgtap-cert-tech');
insert into public.certifications (name, icon, obtained_date, is_active) values
  ('pgtap shown cert', '☁️', '2024-01-01', true), ('pgtap hidden cert', '☁️', '2024-01-01', false);
insert into public.certification_technologies (certification_id, technology_id)
  select c.id, t.id from public.certifications c, public.technologies t
   where c.name in ('pgtap shown cert', 'pgtap hidden cert') and t.name = 'pgtap-cert-tech';

select pg_temp.as_visitor();
select is((select count(*)::integer from public.certification_technologies ct
            join public.technologies t on t.id = ct.technology_id where t.name = 'pgtap-cert-tech'), 1,
  'Visitors read the links of active certifications only');
select throws_ok($$delete from public.certification_technologies$$, '42501', null, 'Visitors cannot unlink');

select pg_temp.as_account('rita');
select is((select count(*)::integer from public.certification_technologies ct
            join public.technologies t on t.id = ct.technology_id where t.name = 'pgtap-cert-tech'), 2,
  'A user account reads every link');
select is(pg_temp.affected($$delete from public.certification_technologies$$), 0,
  'A user account cannot unlink technologies from certifications');
select throws_ok($$insert into public.certification_technologies (certification_id, technology_id)
  select c.id, t.id from public.certifications c, public.technologies t
   where c.name = 'pgtap shown cert' and t.name = 'pgtap-cert-tech'$$,
  '42501', null, 'A user account cannot link technologies to certifications');

select pg_temp.as_account('ada');
select is(pg_temp.affected($$delete from public.certification_technologies ct using public.certifications c
  where c.id = ct.certification_id and c.name = 'pgtap shown cert'$$), 1, 'An admin can unlink');
select lives_ok($$insert into public.certification_technologies (certification_id, technology_id)
  select c.id, t.id from public.certifications c, public.technologies t
   where c.name = 'pgtap shown cert' and t.name = 'pgtap-cert-tech'$$, 'An admin can link');

reset role;
create temp table v as select app.content_version() as before;
select pg_temp.as_account('ada');
delete from public.certification_technologies ct using public.certifications c
 where c.id = ct.certification_id and c.name = 'pgtap hidden cert';
reset role;
select is(app.content_version(), (select before from v), 'Unlinking an inactive certification moves no content version');
delete from public.certification_technologies ct using public.certifications c
 where c.id = ct.certification_id and c.name = 'pgtap shown cert';
select cmp_ok(app.content_version(), '>', (select before from v), 'Unlinking an active one does');

select * from finish();
rollback;
