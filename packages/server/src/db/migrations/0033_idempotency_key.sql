-- Idempotency-Key (issue 39, docs/api.md#retries-and-idempotency-key): a write sent with a key is answered
-- once. Its row is inserted by the write's own transaction before COMMIT (plugins/idempotency.ts), so
-- the unique key serialises two requests with the same key and a rolled-back write leaves no row; the
-- answer (status, headers, body) is written once the route has answered. Keys are per login ('' before
-- sign-in) and live 24 hours; every instance purges the expired ones hourly.
create table idempotency_key (
  login varchar(50) not null,
  key varchar(255) not null,
  -- SHA-256 (hex) of method, path, query and body: the same key with another request is refused (422).
  digest char(64) not null,
  created_at timestamptz not null default now(),
  -- Null until the answer is stored: a retry meanwhile is told the first is still running (409).
  status smallint,
  headers jsonb,
  body text,
  primary key (login, key)
);
create index idempotency_key_created_at on idempotency_key (created_at);
