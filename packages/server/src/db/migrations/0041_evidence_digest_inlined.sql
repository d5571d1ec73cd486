-- A row's digest computed inline (issue 37: the access log's cost). evidence_row_digest (0040) was declared
-- immutable over convert_to, which is stable: PostgreSQL inlines a SQL function only when its body is no
-- more volatile than it says, so every insert statement into a chained table ran it through the SQL
-- function executor, ~45 µs a statement before its first row (a one-row insert with its evidence trigger
-- 109 µs against 66 inlined, 2026-11-29). Stable is what it is; the digests do not change.
alter function evidence_row_digest(jsonb, text[]) stable;
