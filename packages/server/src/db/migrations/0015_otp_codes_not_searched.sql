-- Customers' one-time codes are neither shown nor searched (issue 18): the stored search text of the OTP
-- registry and the OTP story no longer holds them. Written by hand: a generated column is replaced whole.
drop index if exists "otp_registry_search_idx";
alter table "otp_registry" drop column "search_text";
alter table "otp_registry" add column "search_text" text generated always as (search_fold(coalesce("phone_number", '') || ' ' || coalesce("status_code", ''))) stored;
create index "otp_registry_search_idx" on "otp_registry" using gin ("search_text" gin_trgm_ops);

drop index if exists "otpstory_search_idx";
alter table "otpstory" drop column "search_text";
alter table "otpstory" add column "search_text" text generated always as (search_fold(coalesce("status", '') || ' ' || coalesce("login", ''))) stored;
create index "otpstory_search_idx" on "otpstory" using gin ("search_text" gin_trgm_ops);
