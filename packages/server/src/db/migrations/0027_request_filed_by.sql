-- Generated from the entity registry by npm run db:migration; review before committing.
alter table "beneficiary_cash" add column "filed_by" varchar(100);

alter table "beneficiary" add column "filed_by" varchar(100);

alter table "card_opposition" add column "filed_by" varchar(100);

alter table "card_order" add column "filed_by" varchar(100);

alter table "check_opposition" add column "filed_by" varchar(100);

alter table "checkbook_order" add column "filed_by" varchar(100);

alter table "provision_cash" add column "filed_by" varchar(100);

alter table "sms_subscription" add column "filed_by" varchar(100);

alter table "subs_request" add column "filed_by" varchar(100);

alter table "transfer" add column "filed_by" varchar(100);
