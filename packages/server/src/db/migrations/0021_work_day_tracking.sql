-- Generated from the entity registry by npm run db:migration; review before committing.
select work_day_track('beneficiary_cash', 'beneficiaryCash', null);

select work_day_track('beneficiary_cash_log', 'beneficiaryCash', 'PENDING,INPROGESS,OTPPENDING');

select work_day_track('beneficiary', 'beneficiary', null);

select work_day_track('beneficiary_log', 'beneficiary', 'PENDING');

select work_day_track('card_opposition', 'cardOpposition', null);

select work_day_track('card_opposition_log', 'cardOpposition', 'INPROGRESS,PENDING');

select work_day_track('card_order', 'cardOrder', null);

select work_day_track('card_orderlog', 'cardOrder', 'INPROGRESS,PENDING');

select work_day_track('check_opposition', 'checkOpposition', null);

select work_day_track('check_opposition_log', 'checkOpposition', 'INPROGRESS,PENDING');

select work_day_track('checkbook_order', 'checkbookOrder', null);

select work_day_track('check_orderlog', 'checkbookOrder', 'IN_PROGRESS,PENDING');

select work_day_track('provision_cash', 'provisionCash', null);

select work_day_track('provision_cash_log', 'provisionCash', 'INPROGRESS,PENDING,OTPPENDING');

select work_day_track('sms_subscription', 'smsSubscription', null);

select work_day_track('subs_sms_log', 'smsSubscription', 'INPROGRESS,PENDING');

select work_day_track('subs_request', 'subsRequest', null);

select work_day_track('subs_request_log', 'subsRequest', 'INPROGRESS,PENDING');

select work_day_track('transfer', 'transfer', null);

select work_day_track('transfer_log', 'transfer', 'INPROGRESS,PENDING');
