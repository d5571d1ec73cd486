-- Generated from the entity registry by npm run db:migration; review before committing.
select search_words_track('client');
