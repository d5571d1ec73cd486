-- Generated from the entity registry by npm run db:migration; review before committing.
drop index if exists "bank_account_type_search_idx";

drop index if exists "bank_account_search_idx";

drop index if exists "beneficiary_cash_search_idx";

drop index if exists "beneficiary_cash_log_search_idx";

drop index if exists "beneficiary_log_search_idx";

drop index if exists "beneficiary_search_idx";

drop index if exists "branch_search_idx";

drop index if exists "card_opposition_log_search_idx";

drop index if exists "card_opposition_search_idx";

drop index if exists "card_order_search_idx";

drop index if exists "card_orderlog_search_idx";

drop index if exists "card_type_search_idx";

drop index if exists "check_opposition_log_search_idx";

drop index if exists "check_opposition_search_idx";

drop index if exists "check_orderlog_search_idx";

drop index if exists "checkbook_order_search_idx";

drop index if exists "client_search_idx";

drop index if exists "gestionnaire_search_idx";

drop index if exists "loan_search_idx";

drop index if exists "notification_subscription_search_idx";

drop index if exists "notity_type_search_idx";

drop index if exists "otp_registry_search_idx";

drop index if exists "otpstory_search_idx";

drop index if exists "pack_search_idx";

drop index if exists "provision_cash_search_idx";

drop index if exists "provision_cash_log_search_idx";

drop index if exists "serenity_services_search_idx";

drop index if exists "serenity_user_search_idx";

drop index if exists "sms_subscription_search_idx";

drop index if exists "sms_search_idx";

drop index if exists "subs_request_log_search_idx";

drop index if exists "subs_request_search_idx";

drop index if exists "subs_sms_log_search_idx";

drop index if exists "transaction_type_search_idx";

drop index if exists "transaction_search_idx";

drop index if exists "transfer_log_search_idx";

drop index if exists "transfer_search_idx";

drop index if exists "user_attempts_search_idx";

drop index if exists "user_branch_search_idx";

alter table "bank_account_type" add column "search_text" text generated always as (search_fold(coalesce("bank_account_type_code", '') || ' ' || coalesce("label", ''))) stored;

alter table "bank_account" add column "search_text" text generated always as (search_fold(coalesce("bank_account_number", '') || ' ' || coalesce("owner_name", '') || ' ' || coalesce("iban", '') || ' ' || coalesce("bank_code", '') || ' ' || coalesce("sort_code", '') || ' ' || coalesce("iban_account", '') || ' ' || coalesce("iban_key", ''))) stored;

alter table "beneficiary_cash" add column "search_text" text generated always as (search_fold(coalesce("first_name", '') || ' ' || coalesce("last_name", '') || ' ' || coalesce("phone_number", '') || ' ' || coalesce("identification_numero", '') || ' ' || coalesce("validated_by", '') || ' ' || coalesce("motif", ''))) stored;

alter table "beneficiary_cash_log" add column "search_text" text generated always as (search_fold(coalesce("comment", ''))) stored;

alter table "beneficiary_log" add column "search_text" text generated always as (search_fold(coalesce("comment", ''))) stored;

alter table "beneficiary" add column "search_text" text generated always as (search_fold(coalesce("iban", '') || ' ' || coalesce("name", '') || ' ' || coalesce("comment", ''))) stored;

alter table "branch" add column "search_text" text generated always as (search_fold(coalesce("code", '') || ' ' || coalesce("name", '') || ' ' || coalesce("address", ''))) stored;

alter table "card_opposition_log" add column "search_text" text generated always as (search_fold(coalesce("comment", ''))) stored;

alter table "card_opposition" add column "search_text" text generated always as (search_fold(coalesce("card_number", '') || ' ' || coalesce("comment", ''))) stored;

alter table "card_order" add column "search_text" text generated always as (search_fold(coalesce("holder_name", '') || ' ' || coalesce("pp_holder", '') || ' ' || coalesce("comment", ''))) stored;

alter table "card_orderlog" add column "search_text" text generated always as (search_fold(coalesce("comment", ''))) stored;

alter table "card_type" add column "search_text" text generated always as (search_fold(coalesce("label", ''))) stored;

alter table "check_opposition_log" add column "search_text" text generated always as (search_fold(coalesce("comment", ''))) stored;

alter table "check_opposition" add column "search_text" text generated always as (search_fold(coalesce("check_number", '') || ' ' || coalesce("comment", ''))) stored;

alter table "check_orderlog" add column "search_text" text generated always as (search_fold(coalesce("comment", ''))) stored;

alter table "checkbook_order" add column "search_text" text generated always as (search_fold(coalesce("talon_correspondance", '') || ' ' || coalesce("adresse_retrait", '') || ' ' || coalesce("comment", ''))) stored;

alter table "client" add column "search_text" text generated always as (search_fold(coalesce("name", '') || ' ' || coalesce("place_of_birth", '') || ' ' || coalesce("email", '') || ' ' || coalesce("address", '') || ' ' || coalesce("phone", '') || ' ' || coalesce("company_registration_number", '') || ' ' || coalesce("client_code", '') || ' ' || coalesce("nationality", ''))) stored;

alter table "gestionnaire" add column "search_text" text generated always as (search_fold(coalesce("name", '') || ' ' || coalesce("registration_number", '') || ' ' || coalesce("telephone", '') || ' ' || coalesce("email", ''))) stored;

alter table "loan" add column "search_text" text generated always as (search_fold(coalesce("subject", '') || ' ' || coalesce("label", '') || ' ' || coalesce("loan_ref", ''))) stored;

alter table "notification_subscription" add column "search_text" text generated always as (search_fold(coalesce("phone_number", ''))) stored;

alter table "notity_type" add column "search_text" text generated always as (search_fold(coalesce("label", '') || ' ' || coalesce("description", ''))) stored;

alter table "otp_registry" add column "search_text" text generated always as (search_fold(coalesce("otp", '') || ' ' || coalesce("phone_number", '') || ' ' || coalesce("status_code", ''))) stored;

alter table "otpstory" add column "search_text" text generated always as (search_fold(coalesce("code", '') || ' ' || coalesce("status", '') || ' ' || coalesce("login", ''))) stored;

alter table "pack" add column "search_text" text generated always as (search_fold(coalesce("label", '') || ' ' || coalesce("description", '') || ' ' || coalesce("created_by", ''))) stored;

alter table "provision_cash" add column "search_text" text generated always as (search_fold(coalesce("motif_provision", '') || ' ' || coalesce("motif", ''))) stored;

alter table "provision_cash_log" add column "search_text" text generated always as (search_fold(coalesce("comment", ''))) stored;

alter table "serenity_services" add column "search_text" text generated always as (search_fold(coalesce("label", '') || ' ' || coalesce("description", ''))) stored;

alter table "serenity_user" add column "search_text" text generated always as (search_fold(coalesce("login", '') || ' ' || coalesce("firstname", '') || ' ' || coalesce("lastname", '') || ' ' || coalesce("telephone", '') || ' ' || coalesce("email", '') || ' ' || coalesce("notify_type", ''))) stored;

alter table "sms_subscription" add column "search_text" text generated always as (search_fold(coalesce("full_name", '') || ' ' || coalesce("iban", '') || ' ' || coalesce("phone_number", '') || ' ' || coalesce("comment", ''))) stored;

alter table "sms" add column "search_text" text generated always as (search_fold(coalesce("from", '') || ' ' || coalesce("body", '') || ' ' || coalesce("destination", ''))) stored;

alter table "subs_request_log" add column "search_text" text generated always as (search_fold(coalesce("comment", ''))) stored;

alter table "subs_request" add column "search_text" text generated always as (search_fold(coalesce("login", '') || ' ' || coalesce("full_name", '') || ' ' || coalesce("email", '') || ' ' || coalesce("iban", '') || ' ' || coalesce("phone_number", ''))) stored;

alter table "subs_sms_log" add column "search_text" text generated always as (search_fold(coalesce("comment", ''))) stored;

alter table "transaction_type" add column "search_text" text generated always as (search_fold(coalesce("code", '') || ' ' || coalesce("description", ''))) stored;

alter table "transaction" add column "search_text" text generated always as (search_fold(coalesce("transaction_number", '') || ' ' || coalesce("additional_label", '') || ' ' || coalesce("label", '') || ' ' || coalesce("conterparty_bank_account_number", ''))) stored;

alter table "transfer_log" add column "search_text" text generated always as (search_fold(coalesce("comment", ''))) stored;

alter table "transfer" add column "search_text" text generated always as (search_fold(coalesce("comment", ''))) stored;

alter table "user_attempts" add column "search_text" text generated always as (search_fold(coalesce("principal", ''))) stored;

alter table "user_branch" add column "search_text" text generated always as (search_fold(coalesce("login", '') || ' ' || coalesce("email", '') || ' ' || coalesce("phone_number", ''))) stored;

create index "bank_account_type_search_idx" on "bank_account_type" using gin ("search_text" gin_trgm_ops);

create index "bank_account_search_idx" on "bank_account" using gin ("search_text" gin_trgm_ops);

create index "beneficiary_cash_search_idx" on "beneficiary_cash" using gin ("search_text" gin_trgm_ops);

create index "beneficiary_cash_log_search_idx" on "beneficiary_cash_log" using gin ("search_text" gin_trgm_ops);

create index "beneficiary_log_search_idx" on "beneficiary_log" using gin ("search_text" gin_trgm_ops);

create index "beneficiary_search_idx" on "beneficiary" using gin ("search_text" gin_trgm_ops);

create index "branch_search_idx" on "branch" using gin ("search_text" gin_trgm_ops);

create index "card_opposition_log_search_idx" on "card_opposition_log" using gin ("search_text" gin_trgm_ops);

create index "card_opposition_search_idx" on "card_opposition" using gin ("search_text" gin_trgm_ops);

create index "card_order_search_idx" on "card_order" using gin ("search_text" gin_trgm_ops);

create index "card_orderlog_search_idx" on "card_orderlog" using gin ("search_text" gin_trgm_ops);

create index "card_type_search_idx" on "card_type" using gin ("search_text" gin_trgm_ops);

create index "check_opposition_log_search_idx" on "check_opposition_log" using gin ("search_text" gin_trgm_ops);

create index "check_opposition_search_idx" on "check_opposition" using gin ("search_text" gin_trgm_ops);

create index "check_orderlog_search_idx" on "check_orderlog" using gin ("search_text" gin_trgm_ops);

create index "checkbook_order_search_idx" on "checkbook_order" using gin ("search_text" gin_trgm_ops);

create index "client_search_idx" on "client" using gin ("search_text" gin_trgm_ops);

create index "gestionnaire_search_idx" on "gestionnaire" using gin ("search_text" gin_trgm_ops);

create index "loan_search_idx" on "loan" using gin ("search_text" gin_trgm_ops);

create index "notification_subscription_search_idx" on "notification_subscription" using gin ("search_text" gin_trgm_ops);

create index "notity_type_search_idx" on "notity_type" using gin ("search_text" gin_trgm_ops);

create index "otp_registry_search_idx" on "otp_registry" using gin ("search_text" gin_trgm_ops);

create index "otpstory_search_idx" on "otpstory" using gin ("search_text" gin_trgm_ops);

create index "pack_search_idx" on "pack" using gin ("search_text" gin_trgm_ops);

create index "provision_cash_search_idx" on "provision_cash" using gin ("search_text" gin_trgm_ops);

create index "provision_cash_log_search_idx" on "provision_cash_log" using gin ("search_text" gin_trgm_ops);

create index "serenity_services_search_idx" on "serenity_services" using gin ("search_text" gin_trgm_ops);

create index "serenity_user_search_idx" on "serenity_user" using gin ("search_text" gin_trgm_ops);

create index "sms_subscription_search_idx" on "sms_subscription" using gin ("search_text" gin_trgm_ops);

create index "sms_search_idx" on "sms" using gin ("search_text" gin_trgm_ops);

create index "subs_request_log_search_idx" on "subs_request_log" using gin ("search_text" gin_trgm_ops);

create index "subs_request_search_idx" on "subs_request" using gin ("search_text" gin_trgm_ops);

create index "subs_sms_log_search_idx" on "subs_sms_log" using gin ("search_text" gin_trgm_ops);

create index "transaction_type_search_idx" on "transaction_type" using gin ("search_text" gin_trgm_ops);

create index "transaction_search_idx" on "transaction" using gin ("search_text" gin_trgm_ops);

create index "transfer_log_search_idx" on "transfer_log" using gin ("search_text" gin_trgm_ops);

create index "transfer_search_idx" on "transfer" using gin ("search_text" gin_trgm_ops);

create index "user_attempts_search_idx" on "user_attempts" using gin ("search_text" gin_trgm_ops);

create index "user_branch_search_idx" on "user_branch" using gin ("search_text" gin_trgm_ops);
