-- An online-banking user's notification type is an enumeration (SMS, EMAIL, SMS_EMAIL: issue 22), shown by
-- its label, filtered by equality and no longer part of the searched text. Written by hand: the column a
-- generated column reads cannot change type, so the stored search text is dropped and made again.
drop index if exists "serenity_user_search_idx";
alter table "serenity_user" drop column "search_text";
alter table "serenity_user" alter column "notify_type" type varchar(40);
alter table "serenity_user" add column "search_text" text generated always as (search_fold(coalesce("login", '') || ' ' || coalesce("firstname", '') || ' ' || coalesce("lastname", '') || ' ' || coalesce("telephone", '') || ' ' || coalesce("email", ''))) stored;
create index "serenity_user_search_idx" on "serenity_user" using gin ("search_text" gin_trgm_ops);
