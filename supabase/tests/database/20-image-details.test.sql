-- Image details of projects (supabase/schemas/05_content.sql): every writer,
-- not only the API, keeps one entry per shown image, the default text where the
-- owner gave none, and only shapes the public page can show.
begin;
\ir ../helpers/identity.sql
select plan(10);

select pg_temp.reset_accounts();
delete from public.project_technologies;
delete from public.projects;

select pg_temp.as_account('ada');

insert into public.projects (name, description, thumbnail, images)
values ('Harbor', 'd', '/uploads/t.png', array['/uploads/a.png', '/uploads/b.png']);

select is(
  (select image_details from public.projects where name = 'Harbor'),
  '{"/uploads/t.png": {"alt": "Harbor screenshot", "width": null, "height": null, "cardUrl": null},
    "/uploads/a.png": {"alt": "Harbor screenshot 1", "width": null, "height": null, "cardUrl": null},
    "/uploads/b.png": {"alt": "Harbor screenshot 2", "width": null, "height": null, "cardUrl": null}}'::jsonb,
  'A write that names no details gets one entry per shown image with the default text'
);

update public.projects
   set image_details = image_details || '{"/uploads/a.png": {"alt": "Map", "width": 800, "height": 600, "cardUrl": "/uploads/a-card.webp"}}'
 where name = 'Harbor';
update public.projects set images = array['/uploads/a.png'] where name = 'Harbor';

select is(
  (select image_details from public.projects where name = 'Harbor'),
  '{"/uploads/t.png": {"alt": "Harbor screenshot", "width": null, "height": null, "cardUrl": null},
    "/uploads/a.png": {"alt": "Map", "width": 800, "height": 600, "cardUrl": "/uploads/a-card.webp"}}'::jsonb,
  'Removing an image drops its entry and keeps the others as written'
);

update public.projects set image_details = '{"/elsewhere.png": {"alt": "Stray"}}' where name = 'Harbor';
select ok(
  not (select image_details ? '/elsewhere.png' from public.projects where name = 'Harbor'),
  'An entry for a URL the project does not show is not kept'
);

select throws_ok(
  $$update public.projects set image_details = '{"/uploads/a.png": {"alt": "x", "width": 1.5}}' where name = 'Harbor'$$,
  '23514', null, 'A fractional width is refused');
select throws_ok(
  $$update public.projects set image_details = '{"/uploads/a.png": {"alt": "x", "height": 0}}' where name = 'Harbor'$$,
  '23514', null, 'A zero height is refused');
select throws_ok(
  $$update public.projects set image_details = '{"/uploads/a.png": {"alt": "x", "width": "800"}}' where name = 'Harbor'$$,
  '23514', null, 'A width given as text is refused');
select throws_ok(
  $$update public.projects set image_details = jsonb_build_object('/uploads/a.png', jsonb_build_object('alt', repeat('x', 301))) where name = 'Harbor'$$,
  '23514', null, 'An alternative text over 300 characters is refused');
select throws_ok(
  $$update public.projects set image_details = '{"/uploads/a.png": {"alt": "x", "cardUrl": "javascript:alert(1)"}}' where name = 'Harbor'$$,
  '23514', null, 'A card URL that is no web link is refused');
select throws_ok(
  $$update public.projects set image_details = '{"/uploads/a.png": {"alt": "x", "cardUrl": "/\\evil.example"}}' where name = 'Harbor'$$,
  '23514', null, 'A card URL a browser would send to another host is refused');

select pg_temp.as_account('rita');
select is(
  pg_temp.affected($$update public.projects set image_details = '{}' where name = 'Harbor'$$),
  0, 'A read-only account changes no details');

select * from finish();
rollback;
