-- Sign-in through the bank's directory (OpenID Connect). A directory user is linked to its staff account
-- by the issuer and the subject the directory gives it (never by login or e-mail, which a local account may
-- share); local accounts have neither.
alter table app_user add column oidc_issuer varchar(255);
alter table app_user add column oidc_subject varchar(255);
create unique index app_user_oidc_key on app_user (oidc_issuer, oidc_subject) where oidc_subject is not null;

-- The one-time code that hands a directory sign-in's session to the web app (the token itself never
-- travels in a URL). Kept as a SHA-256 digest, valid 60 seconds, redeemed once, on any instance, and only by
-- the browser that finished the sign-in (browser_digest: of a cookie set with the code).
create table oidc_handoff (
  code_digest char(64) primary key,
  browser_digest char(64) not null,
  session_id text not null,
  login varchar(100) not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index oidc_handoff_expires_idx on oidc_handoff (expires_at);
