-- Generated from the entity registry by npm run db:migration; review before committing.
select row_count_track('balance_log', null);

select row_count_track('bank_account_type', null);

select row_count_track('bank_account', null);

select row_count_track('beneficiary_cash', 'status');

select row_count_track('beneficiary_cash_log', null);

select row_count_track('beneficiary_log', null);

select row_count_track('beneficiary', 'beneficiary_status');

select row_count_track('branch', null);

select row_count_track('card_opposition_log', null);

select row_count_track('card_opposition', 'opposition_status');

select row_count_track('card_order', 'order_status');

select row_count_track('card_orderlog', null);

select row_count_track('card_type', null);

select row_count_track('check_opposition_log', null);

select row_count_track('check_opposition', 'demand_status');

select row_count_track('check_orderlog', null);

select row_count_track('checkbook_order', 'demand_status');

select row_count_track('client_subscription', null);

select row_count_track('client', null);

select row_count_track('gestionnaire', null);

select row_count_track('loan', null);

select row_count_track('notification_subscription', null);

select row_count_track('notity_type', null);

select row_count_track('otp_registry', null);

select row_count_track('otpstory', null);

select row_count_track('pack', null);

select row_count_track('pin_generation', null);

select row_count_track('provision_cash', 'demand_status');

select row_count_track('provision_cash_log', null);

select row_count_track('serenity_services', null);

select row_count_track('serenity_user', null);

select row_count_track('sms_subscription', 'demand_status');

select row_count_track('sms', null);

select row_count_track('subs_request_log', null);

select row_count_track('subs_request', 'request_status');

select row_count_track('subs_sms_log', null);

select row_count_track('transaction_type', null);

select row_count_track('transaction', null);

select row_count_track('transfer_log', null);

select row_count_track('transfer', 'demand_status');

select row_count_track('user_attempts', null);

select row_count_track('user_branch', null);
