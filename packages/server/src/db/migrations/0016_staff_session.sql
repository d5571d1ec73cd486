-- Server-side sessions (ASVS V3, PCI DSS 8.2.8): every sign-in opens one, its token names it, and the
-- access gate refuses a token whose session has ended, been idle too long or outlived its maximum age.
-- Rows are kept after they end (who was signed in, from where, how it ended) for the auditors.
create table staff_session (
  id text primary key,
  user_id bigint not null,
  login varchar(100) not null,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  ip varchar(64),
  user_agent varchar(512),
  method varchar(20) not null,
  ended_at timestamptz,
  end_reason varchar(30)
);
create index staff_session_open_idx on staff_session (lower(login)) where ended_at is null;
