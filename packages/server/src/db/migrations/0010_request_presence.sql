-- Live work queue: who has a request's form open. One row per staff member and request, kept alive
-- by heartbeats; a claim without one for ten minutes has lapsed and is swept away.
create table request_presence (
  resource varchar(60) not null,
  request_id bigint not null,
  login varchar(50) not null,
  since timestamptz not null default now(),
  heartbeat_at timestamptz not null default now(),
  primary key (resource, request_id, login)
);
create index request_presence_heartbeat_idx on request_presence (heartbeat_at);
