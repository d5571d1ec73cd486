-- The books (issue 36, DESIGN.md section 5). Every movement of money is one entry of postings that sum to
-- zero, in whole XOF. A posting's amount is signed from its account's side: a credit is positive, a debit
-- negative, and an account's balance is the sum of its postings. A customer account (bank_account) keeps its
-- balance, held and available amounts on its own row, written with each posting in the same transaction;
-- the bank's own accounts (ledger_account) keep none: theirs is the sum of their postings, so that no single
-- row is written by every transfer. Entries and postings are append-only, like history.

create table ledger_account (
  id bigserial primary key,
  code varchar(60) not null unique,
  kind varchar(20) not null check (kind in ('clearing', 'cash', 'suspense', 'opening')),
  branch_id bigint references branch (id),
  name varchar(200) not null
);

-- The accounts every bank has; a branch's cash account is made with the branch's first provision.
insert into ledger_account (code, kind, name) values
  ('clearing.outgoing', 'clearing', 'Virements sortants en compensation'),
  ('suspense', 'suspense', 'Compte d''attente des corrections'),
  ('opening', 'opening', 'Soldes d''ouverture');

create table ledger_entry (
  id bigserial primary key,
  -- What the entry is the one posting of (`transfer:42`, `opening:7`): a second posting of it is refused.
  entry_key varchar(100) not null unique,
  kind varchar(20) not null check (kind in ('opening', 'history', 'transfer', 'provision', 'correction')),
  request_entity varchar(40),
  request_id bigint,
  label varchar(255) not null,
  value_date timestamptz not null,
  posted_at timestamptz not null default now(),
  posted_by varchar(100) not null
);

create table ledger_posting (
  id bigserial primary key,
  entry_id bigint not null references ledger_entry (id),
  bank_account_id bigint references bank_account (id),
  ledger_account_id bigint references ledger_account (id),
  amount numeric(20, 0) not null check (amount <> 0),
  -- The customer's statement line of this posting (none on the bank's own accounts), written with it. No
  -- foreign key: both are append-only, and at bank scale the opening entries would check 5 million links.
  transaction_id bigint,
  check ((bank_account_id is null) <> (ledger_account_id is null))
);
create index ledger_posting_entry_idx on ledger_posting (entry_id);
create index ledger_posting_bank_account_idx on ledger_posting (bank_account_id);
create index ledger_posting_ledger_account_idx on ledger_posting (ledger_account_id);

select append_only_guard('ledger_entry');
select append_only_guard('ledger_posting');

-- A hold: what a filed transfer or cash provision reserves on its account until it is posted or released,
-- once (TigerBeetle's pending transfer). `due_at` is set when a request validated before its execution
-- date waits for that date to post.
create table ledger_hold (
  request_entity varchar(40) not null,
  request_id bigint not null,
  bank_account_id bigint not null references bank_account (id),
  amount numeric(20, 0) not null check (amount > 0),
  held_at timestamptz not null default now(),
  held_by varchar(100),
  due_at timestamptz,
  settled_at timestamptz,
  settlement varchar(10) check (settlement in ('posted', 'released')),
  entry_id bigint references ledger_entry (id),
  primary key (request_entity, request_id),
  check ((settled_at is null) = (settlement is null)),
  check ((settlement = 'posted') = (entry_id is not null))
);
create index ledger_hold_open_idx on ledger_hold (bank_account_id) where settled_at is null;
create index ledger_hold_due_idx on ledger_hold (due_at) where settled_at is null and due_at is not null;

-- A hold is settled once and otherwise never changes; none is deleted.
create function ledger_hold_guard() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' or old.settled_at is not null
     or (new.request_entity, new.request_id, new.bank_account_id, new.amount, new.held_at)
        is distinct from (old.request_entity, old.request_id, old.bank_account_id, old.amount, old.held_at) then
    raise exception 'ledger_hold: % of a settled hold or of its terms refused', tg_op
      using errcode = 'BK001', hint = 'A hold is settled once: posted or released.';
  end if;
  return new;
end $$;
create trigger ledger_hold_guard before update or delete on ledger_hold
  for each row execute function ledger_hold_guard();
create trigger ledger_hold_guard_truncate before truncate on ledger_hold
  for each statement execute function append_only_refuse();

-- When the books were opened on this database: a request decided before has no hold (its money moved in
-- the books' opening balances); one filed after has one. Written when the books are opened (ledger/open-books.ts).
create table ledger_book (
  id int primary key check (id = 1),
  opened_at timestamptz not null default now()
);

-- Who gave a first approval: above the four-eyes threshold, one of the two validators is senior.
alter table request_approval add column senior boolean not null default false;
