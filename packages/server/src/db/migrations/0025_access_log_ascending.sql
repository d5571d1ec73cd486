-- The access log's indexes in ascending time order (issue 23). Its rows arrive in time order, so an
-- ascending index takes each new entry on its last page, which PostgreSQL keeps at hand and splits
-- leaving the old page full; a descending one took each at its first page, found from the root every
-- time and split in halves. Newest-first lists read the same indexes backwards.
drop index access_log_read_at_idx;
drop index access_log_client_idx;
drop index access_log_login_idx;
create index access_log_read_at_idx on access_log (read_at);
create index access_log_client_idx on access_log (client_id, read_at);
create index access_log_login_idx on access_log (login, read_at);
