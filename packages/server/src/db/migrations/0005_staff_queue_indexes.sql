-- Generated from the entity registry by npm run db:migration; review before committing.
create index "beneficiary_cash_status_created_at_idx" on "beneficiary_cash" ("status", "created_at", id);

create index "beneficiary_beneficiary_status_created_at_idx" on "beneficiary" ("beneficiary_status", "created_at", id);

create index "card_opposition_opposition_status_created_at_idx" on "card_opposition" ("opposition_status", "created_at", id);

create index "card_order_order_status_created_at_idx" on "card_order" ("order_status", "created_at", id);

create index "check_opposition_demand_status_created_at_idx" on "check_opposition" ("demand_status", "created_at", id);

create index "checkbook_order_demand_status_created_at_idx" on "checkbook_order" ("demand_status", "created_at", id);

create index "provision_cash_demand_status_created_at_idx" on "provision_cash" ("demand_status", "created_at", id);

create index "sms_subscription_demand_status_created_at_idx" on "sms_subscription" ("demand_status", "created_at", id);

create index "subs_request_request_status_created_at_idx" on "subs_request" ("request_status", "created_at", id);

create index "transaction_bank_account_id_transaction_date_idx" on "transaction" ("bank_account_id", "transaction_date", id);

create index "transfer_demand_status_created_at_idx" on "transfer" ("demand_status", "created_at", id);

create index "transfer_bank_account_id_created_at_idx" on "transfer" ("bank_account_id", "created_at", id);
