// Mantine's date input, loaded on first use by DateField.tsx: the text reads DD/MM/YYYY (and HH:mm), typed
// or picked, and the calendar's months, days and buttons speak the app's language (dayjs locale), never the
// browser's. The value stays what forms, filters and the API use: 'YYYY-MM-DD' or 'YYYY-MM-DD HH:mm'.
import '@mantine/dates/styles.css';
import { DATE_FORMAT } from '@bank/domain';
import { DateInput, DatesProvider } from '@mantine/dates';
import dayjs from 'dayjs';
import 'dayjs/locale/fr';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { useTranslation } from 'react-i18next';
import type { DateFieldProps } from './DateField';

dayjs.extend(customParseFormat);

const FORMATS = {
  date: { shown: DATE_FORMAT, kept: 'YYYY-MM-DD', placeholder: 'dates.placeholder' },
  dateTime: { shown: `${DATE_FORMAT} HH:mm`, kept: 'YYYY-MM-DD HH:mm', placeholder: 'dates.dateTimePlaceholder' },
} as const;

/** Mantine's own value: a date, or a date and a time with seconds. */
const MANTINE_DATE_TIME = 'YYYY-MM-DD HH:mm:ss';

export function DatePicker({ withTime, value, onChange, label, error, required, disabled, w, maw }: DateFieldProps) {
  const { t, i18n } = useTranslation();
  const format = FORMATS[withTime ? 'dateTime' : 'date'];
  const current = value === '' ? null : dayjs(value, format.kept, true);
  const keep = (next: string | null) => {
    if (!next) return '';
    // A day picked in the calendar comes without its time: it keeps the one already there.
    const picked = withTime && next.length === 10 && current?.isValid() ? `${next} ${current.format('HH:mm')}` : next;
    return dayjs(picked).format(format.kept);
  };
  return (
    // No red weekend days: a colour that means nothing here and reads poorly (WCAG contrast).
    <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: 1, weekendDays: [] }}>
      <DateInput
        label={label}
        error={error}
        required={required}
        disabled={disabled}
        w={w}
        maw={maw}
        placeholder={t(format.placeholder)}
        valueFormat={format.shown}
        value={current?.isValid() ? current.format(MANTINE_DATE_TIME) : null}
        onChange={(next) => onChange(keep(next))}
        withTime={withTime}
        // Only the day as people here write it (05/03/2026 is 5 March), never the browser's guess.
        dateParser={(text) => {
          const typed = dayjs(text.trim(), [format.shown, withTime ? 'D/M/YYYY H:mm' : 'D/M/YYYY'], true);
          return typed.isValid() ? typed.format(MANTINE_DATE_TIME) : null;
        }}
        clearable={!required}
        clearButtonProps={{ 'aria-label': t('dates.clear') }}
        ariaLabels={{
          nextMonth: t('dates.nextMonth'),
          previousMonth: t('dates.previousMonth'),
          nextYear: t('dates.nextYear'),
          previousYear: t('dates.previousYear'),
          nextDecade: t('dates.nextDecade'),
          previousDecade: t('dates.previousDecade'),
        }}
        // The neighbour months' days are greyed, which reads poorly; the month's own days are enough.
        hideOutsideDates
        popoverProps={{ withinPortal: true }}
      />
    </DatesProvider>
  );
}
