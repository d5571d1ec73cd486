// A small inline SVG line of the last samples of one figure (no chart library): scaled to its own min-max.
import { useTranslation } from 'react-i18next';

export function Sparkline({
  values,
  label,
  width = 120,
  height = 28,
}: {
  values: number[];
  label: string;
  width?: number;
  height?: number;
}) {
  const { t } = useTranslation();
  const min = Math.min(...values);
  const span = Math.max(...values) - min || 1;
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  const points = values
    .map(
      (value, index) =>
        `${(index * step).toFixed(1)},${(height - 2 - ((value - min) / span) * (height - 4)).toFixed(1)}`,
    )
    .join(' ');
  return (
    <svg
      width={width}
      height={height}
      role="img"
      aria-label={t('admin.metrics.trend', { label })}
      data-testid="sparkline"
    >
      {values.length > 1 && (
        <polyline points={points} fill="none" stroke="var(--mantine-color-blue-6)" strokeWidth={1.5} />
      )}
    </svg>
  );
}
