// Translation catalogues: GET i18n/{locale}.json (spec part 1 section 7.1), served from web/public.
import { requestData } from './http-client';

export type Catalogue = Record<string, unknown>;

/** Silent on failure: the app then shows keys rather than a toast it could not translate. */
export function fetchCatalogue(locale: string): Promise<Catalogue> {
  return requestData<Catalogue>(`i18n/${locale}.json`, { errorMessage: false });
}
