-- Second factor (TOTP, RFC 6238). The secret is stored encrypted (AES-256-GCM, key MFA_ENCRYPTION_KEY or
-- one generated once in app_setting) and never returned after enrolment; last_step is the time step of
-- the last code accepted, so that a code works once. Recovery codes are kept as SHA-256 digests.
create table user_mfa (
  user_id bigint primary key references app_user (id) on delete cascade,
  secret text not null,
  activated_at timestamptz,
  last_step bigint not null default 0
);
create table user_recovery_code (
  user_id bigint not null references app_user (id) on delete cascade,
  code_digest char(64) not null,
  used_at timestamptz,
  primary key (user_id, code_digest)
);
