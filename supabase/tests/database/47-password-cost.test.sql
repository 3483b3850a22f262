-- Passwords and share-link passphrases are hashed with bcrypt at the cost one
-- row of app.password_hashing holds, 10 unless changed (supabase/schemas/02_accounts.sql,
-- docs/decisions/088-password-cost-as-a-setting.md). No client role reads or
-- changes it; the test suites' databases lower it to 4, never past bcrypt's bounds.
begin;
\ir ../helpers/identity.sql
select plan(9);

select pg_temp.reset_accounts();

select is((select cost from app.password_hashing), 10, 'The cost is 10 unless changed');
select is(app.password_cost(), 10, 'and password_cost() answers it');
select matches(app.hash_password('a-long-secret'), '^\$2a\$10\$', 'A new hash is made at cost 10');
select isnt(app.hash_password('a-long-secret'), app.hash_password('a-long-secret'),
  'Each hash has its own salt');

update app.password_hashing set cost = 4;
select matches(app.hash_password('a-long-secret'), '^\$2a\$04\$', 'A lowered cost makes cheaper hashes');
select throws_ok($$update app.password_hashing set cost = 3$$, '23514', null,
  'Never under bcrypt''s least cost');
select throws_ok($$insert into app.password_hashing (only_row, cost) values (false, 10)$$, '23514',
  null, 'There is only one row');

select pg_temp.as_account('ada');
select throws_ok($$select cost from app.password_hashing$$, '42501', null,
  'A signed-in account cannot read it');
select throws_ok($$update app.password_hashing set cost = 4$$, '42501', null,
  'nor change it');

select * from finish();
rollback;
