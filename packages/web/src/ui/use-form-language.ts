// Form errors are texts in the current language: when the language changes, validate again so
// the errors shown follow the new language at once, like every other label.
import type { UseFormReturnType } from '@mantine/form';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function useFormLanguage(form: UseFormReturnType<any, any>): void {
  const { i18n } = useTranslation();
  const language = useRef(i18n.language);
  useEffect(() => {
    if (language.current === i18n.language) return;
    language.current = i18n.language;
    if (Object.keys(form.errors).length > 0) form.validate();
  }, [i18n.language, form]);
}
