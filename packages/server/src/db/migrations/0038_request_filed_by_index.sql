-- Generated from the entity registry by npm run db:migration; review before committing.
create index "beneficiary_cash_filed_by_created_at_idx" on "beneficiary_cash" ("filed_by", "created_at", id);

create index "beneficiary_filed_by_created_at_idx" on "beneficiary" ("filed_by", "created_at", id);

create index "card_opposition_filed_by_created_at_idx" on "card_opposition" ("filed_by", "created_at", id);

create index "card_order_filed_by_created_at_idx" on "card_order" ("filed_by", "created_at", id);

create index "check_opposition_filed_by_created_at_idx" on "check_opposition" ("filed_by", "created_at", id);

create index "checkbook_order_filed_by_created_at_idx" on "checkbook_order" ("filed_by", "created_at", id);

create index "ledger_correction_filed_by_created_at_idx" on "ledger_correction" ("filed_by", "created_at", id);

create index "provision_cash_filed_by_created_at_idx" on "provision_cash" ("filed_by", "created_at", id);

create index "sms_subscription_filed_by_created_at_idx" on "sms_subscription" ("filed_by", "created_at", id);

create index "subs_request_filed_by_created_at_idx" on "subs_request" ("filed_by", "created_at", id);

create index "transfer_filed_by_created_at_idx" on "transfer" ("filed_by", "created_at", id);
