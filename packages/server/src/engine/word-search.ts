// Search by the words' starts (entities declared `wordSearch`, migration 0023): each word of a row's
// folded searchable text is kept with the text that follows it, cut to SEARCH_WORD_LENGTH characters,
// in a btree ordered as bytes. The rows where a search text begins a word are then one range of that
// index: "diop", "fatou sall" or "awa.seck85079" costs one short index read however many clients share
// the name, and the rows are ranked and counted without being read.
import type { Entity } from '@bank/domain';
import { SEARCH_WORD_LENGTH, quote, searchExpression, searchWordTable } from '../db/schema';
import { likeEscape, type Params } from './list-query';

/**
 * Texts the word starts can find: the folded text must begin with a letter or digit, as a word does. A
 * number alone is left to the fragment search, which also finds the row of that id.
 */
const BEGINS_WITH_WORD = /^[\p{L}\p{N}]/u;
const NUMBER = /^\d+$/;

/** Above every character: the end of the entries that start with a text. */
const AFTER_ALL = 'chr(1114111)';

export class WordStarts {
  readonly table: string;
  private readonly entityTable: string;
  private readonly text: string;

  constructor(entity: Entity) {
    this.table = quote(searchWordTable(entity.table));
    this.entityTable = quote(entity.table);
    this.text = searchExpression(entity, 'x')!;
  }

  /** Whether `needle` is a text the word starts answer for (else only a fragment search does). */
  static canFind(needle: string): boolean {
    return BEGINS_WITH_WORD.test(needle) && !NUMBER.test(needle);
  }

  /**
   * Conditions on the entries `e` that begin with `needle`: one range of the index. A text longer than
   * what an entry keeps is checked against the row it was found in.
   */
  range(params: Params, needle: string): string {
    // Folded once per statement (a sub-select), not once per entry: the statement's plan is kept.
    const folded = `(select search_fold(${params.add(needle)}::text))`;
    const key = `left(${folded}, ${SEARCH_WORD_LENGTH})`;
    const whole = `(select search_fold(${params.add(`%${likeEscape(needle)}%`)}::text))`;
    return `e.entry >= ${key} and e.entry < ${key} || ${AFTER_ALL}
      and (length(${folded}) <= ${SEARCH_WORD_LENGTH}
           or (select ${this.text} from ${this.entityTable} x where x.id = e.id) like ${whole})`;
  }

  /** The rows where `needle` begins a word, as a condition on `t` (for a search in a chosen order). */
  matching(params: Params, needle: string): string {
    return `t.id in (select e.id from ${this.table} e where e.at_start in (true, false) and ${this.range(params, needle)})`;
  }
}
