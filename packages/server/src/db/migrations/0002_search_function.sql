-- Accent- and case-insensitive text for search indexes. unaccent() itself is only STABLE; naming the
-- dictionary makes the result depend on the input alone, so the wrapper may be IMMUTABLE and indexed.
create or replace function search_fold(value text) returns text
  language sql immutable parallel safe strict
  as $$ select lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;
